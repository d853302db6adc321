"""Resume in Chromium: the link's code filled in from its fragment, the question before this browser's progress
is replaced, and a form on another site that tries to switch the learner refused (issue 40)."""
from __future__ import annotations

import re

STEP = "/lessons/01-pack-and-ranking/4"


def miss_a_rule(tab, base: str) -> None:
    """Answer the step wrongly: the learner is made (an act), and has a rule to review."""
    tab.goto(base + STEP)
    tab.locator('[data-picker="cards"]').get_by_label("seven of spades", exact=True).click()
    tab.get_by_role("button", name="Check my answer").click()
    assert "Not yet" in tab.locator("#feedback").inner_text()


def make_code(tab, base: str) -> tuple[str, str]:
    tab.goto(base + "/progress/")
    tab.locator("#make-code").click()
    return tab.locator("#resume-code").inner_text(), tab.locator("#resume-link").inner_text()


def test_the_link_fills_the_code_in_and_resuming_asks_first(browser_context, base_url):
    phone, laptop = browser_context.new_page(), browser_context.browser.new_context().new_page()
    try:
        miss_a_rule(phone, base_url)
        code, link = make_code(phone, base_url)
        assert link.endswith(f"/progress/resume#code={code}")
        miss_a_rule(laptop, base_url)  # the laptop has progress of its own
        laptop.goto(base_url + link[link.index("/progress/"):])
        assert laptop.locator("#code").input_value() == code, "the script puts the fragment's code in the form"
        assert "#" not in laptop.url, "and takes it out of the address bar"
        laptop.get_by_role("button", name="Take it up").click()
        assert "is not erased" in laptop.locator("#replace-warning").inner_text()
        laptop.locator("#confirm-resume").click()
        assert "now follows the progress of your resume code" in laptop.locator("#resumed").inner_text()
    finally:
        phone.close()
        laptop.context.close()


def test_another_sites_form_cannot_switch_the_learner(browser_context, base_url):
    """A page elsewhere posts the attacker's code to /progress/resume as the visitor's browser: refused (403),
    and the visitor still follows his own progress."""
    visitor = browser_context.new_page()
    attacker = browser_context.browser.new_context().new_page()
    try:
        miss_a_rule(attacker, base_url)
        code, _ = make_code(attacker, base_url)
        miss_a_rule(visitor, base_url)
        mine = visitor.context.cookies()
        trap = (f'<form method="post" action="{base_url}/progress/resume"><input name="code" value="{code}">'
                '<input name="confirm" value="yes"></form><script>document.forms[0].submit()</script>')
        visitor.route("http://elsewhere.test/", lambda route: route.fulfill(body=trap, content_type="text/html"))
        with visitor.expect_navigation(url=re.compile(r"/progress/resume")) as sent:
            visitor.goto("http://elsewhere.test/")
        assert sent.value.status == 403
        assert "This form came from another site" in visitor.locator("h1").inner_text()
        visitor.goto(base_url + "/progress/")
        assert "1 rule due for review now" in visitor.locator("#reviews-due").inner_text()
        assert visitor.context.cookies() == mine, "the visitor's cookie is untouched"
    finally:
        visitor.close()
        attacker.context.close()
