"""What the browser tests measure on a page as drawn: tap targets, sideways scrolling, focus rings.

Each function runs one script in the page (Playwright's ``page.evaluate``) and returns plain data,
so the tests and a report share the one way of measuring.
"""
from __future__ import annotations

TARGET = 44  # CSS px: WCAG 2.5.5's size, and what a finger needs

# What a finger taps: buttons, links, summaries, selects and text boxes by their own box; a checkbox or
# radio by the label around it, when it has one (the label takes the tap). Folded details are opened
# first. A link inside running text (its block holds other words than its own) is left out, as WCAG
# leaves it out; so is what is not shown, and the skip link, off screen until it is focused.
_TARGETS = """() => {
    document.querySelectorAll('details:not([open])').forEach(d => { d.open = true; d.dataset.measured = '1'; });
    const kinds = 'button:not([disabled]), a[href], summary, input:not([type=hidden]):not([disabled]), '
                  + 'select, textarea';
    const words = s => (s || '').replace(/\\s+/g, '');
    const block = e => { let b = e.parentElement;
        while (b && getComputedStyle(b).display.startsWith('inline')) b = b.parentElement; return b; };
    const inText = e => e.matches('a') && words(block(e)?.textContent).length > words(e.textContent).length;
    const inSentence = e => { if (!e.matches('a') || !block(e)) return false; const copy = block(e).cloneNode(true);
        const count = n => (n.textContent.match(/[A-Za-zÀ-ÿ]{2,}/g) || []).length;
        copy.querySelectorAll('.sr, [aria-hidden=true]').forEach(a => a.remove());
        const all = count(copy);
        copy.querySelectorAll('a').forEach(a => a.remove());
        return count(copy) >= 5 || (count(copy) >= 3 && all >= 5); };
    const found = [...document.querySelectorAll(kinds)].filter(e => e.checkVisibility({opacityProperty: false})
            || e.matches('input[type=checkbox], input[type=radio]'))
        .map(e => { const box = (e.matches('input[type=checkbox], input[type=radio]') && e.closest('label')) || e;
                    const r = box.getBoundingClientRect();
                    return {name: (e.getAttribute('aria-label') || box.textContent || e.name || e.tagName).trim()
                                  .replace(/\\s+/g, ' ').slice(0, 50),
                            tag: e.tagName.toLowerCase() + (e.className ? '.' + String(e.className).split(' ')[0] : ''),
                            width: Math.round(r.width * 10) / 10, height: Math.round(r.height * 10) / 10,
                            right: r.right, inText: inText(e), inSentence: inSentence(e)}; })
        .filter(t => t.width > 0 && t.right > 0);
    document.querySelectorAll('details[data-measured]').forEach(d => { d.open = false; delete d.dataset.measured; });
    return found; }"""


def tap_targets(page) -> list[dict]:
    """Every target a finger taps on the page, outside running text, with its size in CSS px."""
    return [t for t in page.evaluate(_TARGETS) if not t["inText"]]


def sideways(page) -> int:
    """How many CSS px the page scrolls sideways (0: it reflows)."""
    return page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")


# The focus ring of each focusable element, against the colour behind it. The element is focused as
# the keyboard would (focusVisible), which scrolls it into view as a Tab would, under any scroll-padding;
# the ring is the element's outline, or (a card picker's input covers its card) the outline of the drawn
# card beside it. Behind the ring is the first opaque background outside the element (inside it, for an
# inset ring). The ring is hidden when a sticky or fixed element that does not hold it covers its middle.
_FOCUS = """() => {
    const rgb = s => { const m = s.match(/[\\d.]+/g) || [0, 0, 0, 0]; return m.map(Number); };
    const lum = ([r, g, b]) => {
        const f = c => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
        return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
    const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
    const behind = e => { for (let n = e; n; n = n.parentElement) { const c = rgb(getComputedStyle(n).backgroundColor);
        if (c.length < 4 || c[3] > 0.5) return c.slice(0, 3); } return [255, 255, 255]; };
    const stuck = [...document.querySelectorAll('body *')]
        .filter(n => ['sticky', 'fixed'].includes(getComputedStyle(n).position));
    const kinds = 'button:not([disabled]), a[href], summary, input:not([type=hidden]):not([disabled]), '
                  + 'select, textarea';
    document.querySelectorAll('details:not([open])').forEach(d => { d.open = true; });
    const all = [...document.querySelectorAll(kinds)].filter(e => e.checkVisibility({opacityProperty: false})
        || e.matches('input[type=checkbox], input[type=radio]')).reverse();  // backwards, as Shift+Tab
    window.scrollTo(0, document.documentElement.scrollHeight);
    return all.map(e => {
        e.focus({focusVisible: true});
        let ring = null;
        for (const n of [e, e.nextElementSibling, e.closest('label')]) {
            if (!n) continue; const s = getComputedStyle(n);
            if (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 1) { ring = {n, s}; break; }
        }
        const r = e.getBoundingClientRect();
        const x = r.left + r.width / 2, y = r.top + Math.min(r.height / 2, 10);
        const cover = stuck.find(s => !s.contains(e) && (() => { const b = s.getBoundingClientRect();
            return x >= b.left && x <= b.right && y >= b.top && y <= b.bottom; })());
        const name = (e.getAttribute('aria-label') || e.textContent || e.name || e.tagName).trim()
            .replace(/\\s+/g, ' ').slice(0, 50);
        if (!ring) return {name, contrast: 1, width: 0, hidden: !!cover};
        const inset = parseFloat(ring.s.outlineOffset) < 0;
        const back = inset ? behind(ring.n) : behind(ring.n.parentElement);
        return {name, contrast: Math.round(ratio(rgb(ring.s.outlineColor), back) * 100) / 100,
                width: parseFloat(ring.s.outlineWidth), hidden: !!cover};
    }); }"""


def focus_rings(page) -> list[dict]:
    """Each focusable element's ring: its contrast with what is behind it, its width, whether a sticky
    element hides it."""
    rings = page.evaluate(_FOCUS)
    page.evaluate("document.activeElement && document.activeElement.blur()")
    return rings


def line_targets(page) -> list[dict]:
    """Targets under 44×44 px, links in lines of links included ("Your progress · JSON API", "← The lesson ·
    step 3 of 5", "Rules: A; B"): only a link inside a sentence is left out, as WCAG 2.5.5 leaves it out: its
    block holds five words or more besides its links, or three besides and five with them ("Court cards can
    carry a hand without trumps.", "follow suit if he can;")."""
    return [t for t in page.evaluate(_TARGETS) if not t["inSentence"] and (t["width"] < TARGET or t["height"] < TARGET)]


def wider_than_screen(page, limit: int = 5) -> list[str]:
    """The elements whose right edge passes the screen's (what makes it scroll sideways), outermost first."""
    return page.evaluate("""(limit) => { const w = document.documentElement.clientWidth; const out = [];
        for (const e of document.querySelectorAll('body *')) {
            const r = e.getBoundingClientRect();
            if (r.width && r.right > w + 0.5 && !out.some(o => o.contains(e))) out.push(e); }
        return out.slice(0, limit).map(e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '')
            + (e.className && typeof e.className === 'string' ? '.' + e.className.split(' ').join('.') : '')
            + ' ' + Math.round(e.getBoundingClientRect().right) + 'px'); }""", limit)


def text_at_200(page) -> None:
    """Text at twice its size, as a reader's browser setting makes it (the site sizes text in rem)."""
    page.evaluate("document.documentElement.style.fontSize = '200%'")


def text_normal(page) -> None:
    page.evaluate("document.documentElement.style.fontSize = ''; document.adoptedStyleSheets = []")


# WCAG 1.4.12's override: what a reader's style sheet may set, and the page must bear without loss.
SPACING = ("* { line-height: 1.5 !important; letter-spacing: .12em !important; word-spacing: .16em !important; }"
           " p { margin-bottom: 2em !important; }")


def text_spaced(page) -> None:
    """The override applied as a reader's style sheet would be: a constructed sheet, which the site's CSP (no
    inline style) lets in, where a <style> element is refused. Checked to have taken."""
    page.evaluate("css => { const s = new CSSStyleSheet(); s.replaceSync(css); document.adoptedStyleSheets = [s]; }",
                  SPACING)
    assert page.evaluate("getComputedStyle(document.body).letterSpacing") != "normal", "the spacing did not apply"


def overlapping(page, selector: str = "nav.parts") -> list[str]:
    """Pairs of links inside the elements matching ``selector`` that overlap each other, by their words."""
    return page.evaluate("""(selector) => { const found = [];
        for (const nav of document.querySelectorAll(selector)) {
            const links = [...nav.querySelectorAll('a')].map(a => [a, a.getBoundingClientRect()]);
            for (let i = 0; i < links.length; i++) for (let j = i + 1; j < links.length; j++) {
                const [a, p] = links[i], [b, q] = links[j];
                const apart = p.right - 0.5 <= q.left || q.right - 0.5 <= p.left
                    || p.bottom - 0.5 <= q.top || q.bottom - 0.5 <= p.top;
                if (!apart)
                    found.push(a.textContent.trim() + ' / ' + b.textContent.trim()); } }
        return found; }""", selector)


NARROW = {"width": 320, "height": 640}  # WCAG 1.4.10's reflow width
PHONE = {"width": 390, "height": 844}  # a phone, where every page is first measured
DESKTOP = {"width": 1280, "height": 800}


def reflow_and_focus(page, name: str, widths: tuple[dict, ...]) -> list[str]:
    """What is wrong on the page as drawn now (at a phone's width), by the measures axe does not take: tap targets
    under 44×44 px outside running text, focus rings under 3:1, thinner than 2 px or hidden under a sticky element,
    buttons without a box (or a door of the home page, the green table, without its edges) in forced colours, sideways
    scrolling at 320 px (with WCAG's text spacing too) and with 200 % text at each of ``widths``. Empty: all
    well. The page is left at the last of ``widths``, its text as the site sets it, folded details opened."""
    failed = []
    small = line_targets(page)  # links in a line of links count (issue 43): only links inside sentences are left out
    rings = focus_rings(page)
    faint = [r for r in rings if r["contrast"] < 3 or r["width"] < 2]
    hidden = [r for r in rings if r["hidden"]]
    print(f"{name}: {len(tap_targets(page))} targets, {len(small)} under {TARGET} px; "
          f"weakest focus ring {min((r['contrast'] for r in rings), default=0):.2f}:1")
    if small:
        failed.append(f"{name}: tap targets under {TARGET}x{TARGET} px outside running text: {small}")
    if faint:
        failed.append(f"{name}: focus rings under 3:1 or thinner than 2 px: {faint}")
    if hidden:
        failed.append(f"{name}: focus hidden under a sticky element: {hidden}")
    page.emulate_media(forced_colors="active")
    unboxed = page.evaluate(BOXES) + page.evaluate(EDGES, BIG_FILLS)
    page.emulate_media(forced_colors="none")
    if unboxed:
        failed.append(f"{name}: in forced colours, buttons without a box or big links without their edges: {unboxed}")
    page.set_viewport_size(NARROW)
    for spaced in (False, True):
        if spaced:
            text_spaced(page)
        how = " with text spacing" if spaced else ""
        if sideways(page):
            failed.append(f"{name} scrolls sideways at 320 px{how}: {wider_than_screen(page)}")
        if overlapping(page):
            failed.append(f"{name}: the parts navigation overlaps itself at 320 px{how}: {overlapping(page)}")
    text_normal(page)
    for size in widths:
        page.set_viewport_size(size)
        text_at_200(page)
        if sideways(page):
            failed.append(f"{name} scrolls sideways with 200 % text at {size['width']} px: {wider_than_screen(page)}")
        text_normal(page)
    return failed


# Forced colours (Windows high contrast) drop fills: the buttons drawn without a box of their own (or their card's),
BOXES = """() => [...document.querySelectorAll('button, .button-link')].filter(b => b.checkVisibility())
    .filter(b => { const own = getComputedStyle(b), card = b.querySelector('.card');
                   const drawn = card && getComputedStyle(card);
                   const boxed = s => s.borderTopStyle !== 'none' && parseFloat(s.borderTopWidth) >= 1;
                   return !boxed(own) && !(drawn && boxed(drawn)); })
    .map(b => b.textContent.trim().slice(0, 40))"""
# and the elements matching a selector without a border on every side (a door of the home page, the green table).
EDGES = """(selector) => [...document.querySelectorAll(selector)].filter(e => e.checkVisibility())
    .filter(e => { const s = getComputedStyle(e);
                   return ['Top', 'Right', 'Bottom', 'Left'].some(side => s['border' + side + 'Style'] === 'none'
                                                                   || parseFloat(s['border' + side + 'Width']) < 1); })
    .map(e => e.textContent.trim().slice(0, 40) || e.className)"""
BIG_FILLS = ".door a, .felt"


def findings(page, run_axe) -> dict:
    """What the accessibility walk (bench/a11y_walk.py) and the browser gate's lesson steps (test_browser_axe.py;
    its other states are measured by reflow_and_focus, and more) find on the page as it stands at 390 px, folded
    details opened for axe and shut again for the rest: axe's nodes by impact and by rule (``run_axe(page)``:
    axe_core.run), targets under 44 px outside sentences, sideways scrolling at 320 px (with WCAG's text spacing
    too) and with 200 % text at 390 and 1280 px, overlapping links of the parts navigation, and what forced colours
    leave without a box or an edge. The page is left at 390 px."""
    shut = page.evaluate("""() => { const shut = [...document.querySelectorAll('details:not([open])')];
        shut.forEach(d => { d.open = true; d.dataset.walked = '1'; }); return shut.length; }""")
    results = run_axe(page)
    page.evaluate("document.querySelectorAll('details[data-walked]').forEach(d => { d.open = false; "
                  "delete d.dataset.walked; })")
    nodes: dict[str, int] = {}
    rules: dict[str, int] = {}
    for v in results["violations"]:
        nodes[v["impact"]] = nodes.get(v["impact"], 0) + len(v["nodes"])
        rules[f"{v['id']} ({v['impact']})"] = rules.get(f"{v['id']} ({v['impact']})", 0) + len(v["nodes"])
    small = line_targets(page)
    page.set_viewport_size(NARROW)
    found = {"serious": nodes.get("serious", 0) + nodes.get("critical", 0), "moderate": nodes.get("moderate", 0),
             "minor": nodes.get("minor", 0), "rules": rules, "small": len(small), "folded": shut,
             "small_names": [f"{t['tag']} '{t['name']}' {t['width']}x{t['height']}" for t in small][:6],
             "sideways_320": sideways(page), "overlaps": overlapping(page)}
    text_spaced(page)
    found |= {"sideways_spacing": sideways(page), "overlaps_spacing": overlapping(page)}
    text_normal(page)
    wide = []
    for key, size in (("sideways_200", PHONE), ("sideways_200_desktop", DESKTOP)):
        page.set_viewport_size(size)
        text_at_200(page)
        found[key] = sideways(page)
        wide += wider_than_screen(page) if found[key] else []
        text_normal(page)
    page.set_viewport_size(PHONE)
    page.emulate_media(forced_colors="active")
    found |= {"wide_200": wide, "forced_colours_unboxed": page.evaluate(BOXES) + page.evaluate(EDGES, BIG_FILLS)}
    page.emulate_media(forced_colors="none")
    return found


# What counts as a barrier in findings' answer (the rest describes it).
BARRIERS = ("serious", "small", "sideways_320", "sideways_spacing", "sideways_200", "sideways_200_desktop",
            "overlaps", "overlaps_spacing", "forced_colours_unboxed")
