"""docs/nginx.conf, the sample configuration of docs/deploy.md, is one nginx accepts."""
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CONFIG = ROOT / "docs" / "nginx.conf"
NGINX = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)


def _unavailable(reason: str):
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"the nginx test cannot run in CI: {reason}", pytrace=False)  # .ci/run installs nginx
    pytest.skip(reason)


def scratch_config(folder: Path) -> Path:
    """The sample with its files moved into ``folder`` and a throwaway certificate, as nginx -t must open them."""
    text = CONFIG.read_text(encoding="utf-8")
    certificate, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj",
                    "/CN=ecarte.example.org", "-keyout", str(key), "-out", str(certificate)],
                   check=True, capture_output=True)
    replacements = {
        "/run/nginx.pid": folder / "nginx.pid",
        "/var/log/nginx/": f"{folder}/",
        "/etc/ssl/certs/ecarte.example.org.pem": certificate,
        "/etc/ssl/private/ecarte.example.org.key": key,
    }
    for old, new in replacements.items():
        assert old in text, f"docs/nginx.conf no longer names {old}; update this test"
        text = text.replace(old, str(new))
    text = re.sub(r"^user .*;$", "", text, flags=re.M)  # run as whoever runs the tests
    generated = folder / "nginx.conf"
    generated.write_text(text, encoding="utf-8")
    return generated


def test_the_sample_nginx_config_is_valid(tmp_path):
    if NGINX is None:
        _unavailable("nginx is not installed (apt-get install -y nginx)")
    if shutil.which("openssl") is None:
        _unavailable("openssl is not installed")
    config = scratch_config(tmp_path)
    result = subprocess.run([NGINX, "-t", "-c", str(config), "-p", str(tmp_path), "-e", str(tmp_path / "error.log")],
                            capture_output=True, text=True, timeout=30)
    assert result.returncode == 0, result.stderr
    assert "syntax is ok" in result.stderr and "test is successful" in result.stderr


def test_the_sample_keeps_the_site_limits():
    """The proxy refuses what the site would refuse, so nothing larger reaches it or a disk."""
    text = CONFIG.read_text(encoding="utf-8")
    from ecarte_tutor.web import MAX_BODY

    assert f"client_max_body_size {MAX_BODY // 1024}k;" in text
    assert f"client_body_buffer_size {MAX_BODY // 1024}k;" in text
    assert "proxy_request_buffering on;" in text and "proxy_buffering on;" in text


def test_the_sample_logs_no_resume_code():
    """An earlier release's resume link carried its code in the query: the sample's log format leaves it out."""
    text = CONFIG.read_text(encoding="utf-8")
    logs = re.findall(r"^\s*access_log\s+([^;]+);", text, flags=re.M)
    assert logs and all(line.split()[-1] == "without_codes" for line in logs), logs
    fmt = re.search(r"log_format without_codes (.*?);", text, flags=re.S).group(1)
    assert "$logged_uri" in fmt and "$logged_referer" in fmt
    assert not re.search(r"\$(request|request_uri|http_referer|args|query_string)\b", fmt), "a raw URL is logged"
