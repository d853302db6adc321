"""``/lessons``: the lessons, each step a page, exercises answered with plain forms."""
from __future__ import annotations

from flask import Blueprint, render_template

from .site import get_site

bp = Blueprint("lessons", __name__, url_prefix="/lessons")


@bp.get("/")
def index():
    site = get_site()
    return render_template("lessons/index.html", lessons=site.lessons(), unavailable=site.lessons_error)
