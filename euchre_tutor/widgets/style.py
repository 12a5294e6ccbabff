"""The dashboard's look: green felt, big card faces, everything scoped under ``.euchre-app``.

Card buttons carry the card's accessible name as their text ("jack of
hearts") and draw the face with CSS generated content whose alternative text
is empty (``content: "J" / ""``), so screen readers say the name, not "J
black heart suit".
"""

from __future__ import annotations

from euchre_tutor.cards import Suit, deck

__all__ = ["CSS", "FOUR_COLOURS"]

RED = "#c62828"
BLACK = "#1d1d1f"
#: the four-colour deck: spades black, hearts red, diamonds blue, clubs green
FOUR_COLOURS = {Suit.SPADES: BLACK, Suit.HEARTS: RED, Suit.DIAMONDS: "#1565c0", Suit.CLUBS: "#2e7d32"}


def _face_rules() -> str:
    rules = []
    for card in deck(24):
        assert card.suit is not None
        rules.append(
            f'.euchre-app .jupyter-button.c-{card}::before{{content:"{card.rank.display}\\A{card.suit.symbol}" / ""}}'
        )
    for suit in Suit:
        rules.append(f'.euchre-app .jupyter-button.s-{suit.value}::after{{content:"{suit.symbol}" / ""}}')
        rules.append(f".euchre-app.four-colour .s-{suit.value}{{color:{FOUR_COLOURS[suit]} !important}}")
    return "\n".join(rules)


#: the tables' style sheet. The felt has a gradient and no blurred shadow: a browser that draws in software
#: (no graphics card) draws again each tile a change touches, everything under it too, and a wide blur under
#: the whole table made each card played cost several times the drawing (tests/widgets/test_paint_cost.py)
CSS = (
    """
.euchre-app{background:radial-gradient(ellipse at 40% 30%,#2f8a57 0%,#1e6b41 55%,#144d2e 100%);
  color:#f4f1e8;border-radius:14px;padding:14px 18px 18px;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;
  max-width:1180px;margin:0 auto}
.euchre-app .widget-html,.euchre-app .widget-html-content{color:inherit;font-family:inherit}
.euchre-app .widget-html-content{line-height:1.35;font-size:14px}
.euchre-app .et-header{align-items:center;justify-content:space-between}
.euchre-app .et-title h1{margin:0;font-size:26px;letter-spacing:.5px;color:#fff7d6;text-shadow:0 2px 3px rgba(0,0,0,.4)}
.euchre-app .et-title .sub{font-size:13px;opacity:.8}
.euchre-score .board{display:flex;gap:14px;align-items:center;background:rgba(0,0,0,.25);padding:6px 14px;border-radius:10px}
.euchre-score .side{display:flex;flex-direction:column;align-items:center;min-width:64px}
.euchre-score .pts{font-size:28px;font-weight:800;color:#fff}
.euchre-score .lbl{font-size:12px;text-transform:uppercase;letter-spacing:1px;opacity:.8}
.euchre-score .meter{width:110px;height:8px;background:rgba(255,255,255,.2);border-radius:4px;overflow:hidden}
.euchre-score .meter div{height:100%;background:#ffd54f}
.euchre-score .deck .meter div{background:#ef9a9a}
.euchre-score .to{font-size:12px;opacity:.85}
.euchre-app .euchre-message .msg{padding:8px 12px;border-radius:8px;margin:4px 0;font-size:15px;min-height:20px}
.euchre-app .euchre-message .msg.info{background:rgba(255,255,255,.12)}
.euchre-app .euchre-message .msg.error{background:#fff3cd;color:#5d4200;border-left:6px solid #f0a500}
.euchre-app .euchre-message .msg.empty{background:transparent}
.euchre-app .et-main{align-items:flex-start;gap:18px}
.euchre-app .et-left{flex:1 1 640px;min-width:520px}
.euchre-app .et-right{flex:0 1 440px;min-width:340px}
.et-table .row{display:flex;gap:22px;align-items:flex-end;flex-wrap:wrap;margin:6px 0 10px}
.et-table .spot{display:flex;flex-direction:column;align-items:center;gap:4px}
.et-table .cap{font-size:12px;text-transform:uppercase;letter-spacing:1px;opacity:.85}
.et-table .note{font-size:12px;opacity:.9;max-width:170px;text-align:center}
.et-face{display:inline-flex;flex-direction:column;justify-content:space-between;width:62px;height:88px;border-radius:8px;
  background:#fffdf7;border:1px solid #c8c2b4;box-shadow:0 3px 6px rgba(0,0,0,.35);padding:4px 6px;box-sizing:border-box;
  font-weight:800;line-height:1}
.et-face .r{font-size:20px}.et-face .s{font-size:30px;align-self:center;margin-bottom:8px}
.et-face.red{color:"""
    + RED
    + """}.et-face.black{color:"""
    + BLACK
    + """}
.et-face.small{width:34px;height:46px;padding:2px 3px;border-radius:5px}
.et-face.small .r{font-size:13px}.et-face.small .s{font-size:16px;margin-bottom:2px}
.et-face.burned{opacity:.55;filter:grayscale(.3);position:relative}
.et-face.burned::after{content:"" / "";position:absolute;left:4px;right:4px;top:50%;border-top:2px solid #b71c1c;transform:rotate(-25deg)}
.et-face.trump{box-shadow:0 0 0 3px #ffd54f,0 3px 6px rgba(0,0,0,.35)}
.et-back{display:inline-block;width:62px;height:88px;border-radius:8px;border:3px solid #fffdf7;box-sizing:border-box;
  background:repeating-linear-gradient(45deg,#8e1b1b 0 6px,#b53030 6px 12px);box-shadow:2px 2px 0 #e8e2d0,4px 4px 0 #cfc8b5,0 6px 10px rgba(0,0,0,.4)}
.et-empty{display:inline-block;width:62px;height:88px;border-radius:8px;border:2px dashed rgba(255,255,255,.35);box-sizing:border-box}
.et-trumpbadge{font-size:34px;font-weight:800;background:#fffdf7;border-radius:50%;width:54px;height:54px;display:flex;
  align-items:center;justify-content:center;box-shadow:0 0 0 3px #ffd54f}
.euchre-app .et-prompt{font-size:16px;font-weight:600;margin:4px 0 2px;color:#fff7d6}
.euchre-app .et-hand{gap:4px;min-height:124px;align-items:flex-end;padding:6px 2px}
.euchre-app .jupyter-button.et-slot{width:78px;height:112px;border-radius:10px;background:#fffdf7;border:1px solid #bdb6a6;
  box-shadow:0 4px 8px rgba(0,0,0,.4);font-size:0;position:relative;padding:0;margin:0 4px;cursor:pointer;overflow:visible;
  transition:transform .08s ease-out,box-shadow .08s;white-space:normal}
.euchre-app .jupyter-button.et-slot.red{color:"""
    + RED
    + """}.euchre-app .jupyter-button.et-slot.black{color:"""
    + BLACK
    + """}
.euchre-app .jupyter-button.et-slot::before{position:absolute;left:7px;top:6px;font-size:22px;font-weight:800;line-height:1.0;
  white-space:pre;text-align:center}
.euchre-app .jupyter-button.et-slot::after{position:absolute;left:0;right:0;top:38px;font-size:46px;line-height:1;text-align:center}
.euchre-app .jupyter-button.et-slot.trump{box-shadow:0 0 0 3px #ffd54f,0 4px 8px rgba(0,0,0,.4)}
.euchre-app .jupyter-button.et-slot.disabled{filter:grayscale(.55) brightness(.82);cursor:not-allowed;transform:translateY(6px)}
.euchre-app .jupyter-button.et-slot:focus-visible{outline:4px solid #ffd54f;outline-offset:2px}
.euchre-app .jupyter-button.et-slot.empty{display:none}
.euchre-app .et-trumpbox{flex-wrap:wrap;gap:6px;align-items:center;background:rgba(0,0,0,.2);border-radius:10px;padding:6px 10px;margin:2px 0}
.euchre-app .et-trumpbox.hidden{display:none}
.euchre-app .jupyter-button.euchre-trump{width:auto;min-width:96px;height:40px;font-size:16px;font-weight:700;border-radius:8px;padding:0 14px;
  background:#fffdf7;color:#1d1d1f;box-shadow:0 2px 4px rgba(0,0,0,.35)}
.euchre-app .jupyter-button.euchre-trump.red{color:"""
    + RED
    + """}
.euchre-app .jupyter-button.euchre-trump.mod-active{background:#ffd54f}
.euchre-app .jupyter-button.euchre-trump:focus-visible{outline:3px solid #ffd54f}
.euchre-app .ec-bids.hidden{display:none}
.euchre-app .jupyter-button.euchre-bid{width:auto;min-width:90px;height:38px;font-size:15px;font-weight:700;border-radius:8px;
  padding:0 12px;background:#fffdf7;color:#1d1d1f;box-shadow:0 2px 4px rgba(0,0,0,.35)}
.euchre-app .jupyter-button.euchre-bid.red{color:"""
    + RED
    + """}
.euchre-app .jupyter-button.euchre-bid:focus-visible{outline:3px solid #ffd54f}
.euchre-app .jupyter-button.hidden{display:none}
.euchre-app .jupyter-button.et-ctl{width:auto;min-width:90px;border-radius:7px;font-weight:600;background:#f4f1e8;color:#1b4d32}
.euchre-app .jupyter-button.et-ctl:disabled{opacity:.5}
.euchre-app .et-controls{flex-wrap:wrap;gap:6px;align-items:center;margin-top:4px}
.euchre-app .et-controls .et-controls{margin:0}
.euchre-app .et-controls .widget-text input,.euchre-app .et-controls .widget-inline-hbox input{border-radius:6px}
.euchre-app .widget-label,.euchre-app .widget-checkbox label{color:#f4f1e8}
.euchre-hint,.euchre-log,.euchre-review{background:rgba(255,253,247,.96);color:#1d1d1f;border-radius:12px;padding:10px 12px;
  box-shadow:0 4px 12px rgba(0,0,0,.35);margin-bottom:12px}
.euchre-app .euchre-hint .widget-html-content,.euchre-app .euchre-log .widget-html-content,
.euchre-app .euchre-review .widget-html-content{color:#1d1d1f}
.euchre-app .euchre-review.hidden{display:none}
.euchre-hint .et-hinthead{align-items:center;gap:8px;flex-wrap:wrap}
.euchre-hint .widget-label,.euchre-hint .widget-checkbox label,.euchre-hint .widget-toggle-buttons label{color:#1d1d1f}
.et-status{font-size:12px;color:#555}
.et-progress{height:8px;background:#e4e0d4;border-radius:4px;overflow:hidden;margin:4px 0}
.et-progress div{height:100%;background:#2f8a57;transition:width .2s}
.et-progress.indeterminate div{width:35%;animation:et-slide 1.1s infinite ease-in-out;will-change:transform}
@keyframes et-slide{0%{transform:translateX(-100%)}100%{transform:translateX(286%)}}
@media (prefers-reduced-motion:reduce){.et-progress.indeterminate div{animation:none;transform:translateX(93%)}
  .euchre-app .jupyter-button.et-slot,.et-progress div{transition:none}}
.et-rec{font-size:15px;margin:4px 0 8px}.et-rec b{font-size:17px}
.et-bars{display:grid;grid-template-columns:auto 1fr auto;gap:3px 8px;align-items:center;font-size:13px}
.et-bars .lab{font-weight:700;white-space:nowrap}.et-bars .lab.red{color:"""
    + RED
    + """}
.et-bars .track{position:relative;height:16px;background:#eee9dc;border-radius:3px}
.et-bars .zero{position:absolute;top:-2px;bottom:-2px;width:2px;background:#777}
.et-bars .bar{position:absolute;top:2px;bottom:2px;border-radius:2px;background:#2f8a57}
.et-bars .bar.neg{background:#c0504d}.et-bars .best .bar{background:#1e6b41}
.et-bars .val{font-variant-numeric:tabular-nums;white-space:nowrap}
.et-bars .best .lab::after{content:" ★";color:#d4a000}
.et-reasons{margin:8px 0 0;padding-left:18px;font-size:13px}
.et-reasons li{margin:3px 0}
.et-rule{font-size:11px;color:#666;font-family:ui-monospace,monospace}
.et-grade{display:inline-block;padding:1px 8px;border-radius:10px;font-weight:700;font-size:12px;color:#fff}
.et-grade.Best{background:#1e6b41}.et-grade.Good{background:#2e7d4f}.et-grade.Inaccuracy{background:#8a6500}
.et-grade.Mistake{background:#b8560f}.et-grade.Blunder{background:#b71c1c}
.euchre-log table{border-collapse:collapse;width:100%;font-size:13px}
.euchre-log th{text-align:left;font-size:11px;text-transform:uppercase;letter-spacing:.5px;color:#555;border-bottom:1px solid #ccc;padding:3px}
.euchre-log td{padding:4px 3px;border-bottom:1px solid #eee;vertical-align:middle}
.euchre-log .won{color:#1e6b41;font-weight:700}.euchre-log .lost{color:#b71c1c;font-weight:700}
.euchre-log .why{font-size:12px;color:#444}
.euchre-log .stock{font-size:13px;margin-bottom:6px}
.et-review h3{margin:0 0 6px;font-size:16px}
.et-review table{border-collapse:collapse;font-size:13px;width:100%}
.et-review td,.et-review th{padding:3px 5px;border-bottom:1px solid #e5e0d3;text-align:left}
"""
    + _face_rules()
)

#: Layouts by the space the table gets (CSS container queries on ``.euchre-app``, not the window: in
#: JupyterLab a lesson's table sits in an output area far narrower than the window). Every table built
#: on :class:`~euchre_tutor.widgets.table_app.TableApp` with the shared classes (``et-main``, ``et-left``,
#: ``et-right``, ``et-hand``, ``et-slot``, ``et-controls``, ``et-trumpbox``) gets them:
#:
#: - wide (content ≥ 900 px): the table and the hand on the left, hint and logs in a side column;
#: - stacked (< 900 px): one column in the order a turn is read: table, decision, hand, hint,
#:   then review, controls, session and logs (the columns become ``display: contents``);
#: - narrow (< 600 px): smaller cards and seats, the hand wraps if it must; (< 420 px) phone size;
#: - touch screens (``pointer: coarse``): every button at least 44×44 CSS px (WCAG 2.5.5); the
#:   lift of a playable card under the mouse only where a hover exists (nothing needs a hover).
LAYOUT_CSS = """
.euchre-app{container:euchre-app / inline-size;box-sizing:border-box;width:100%;min-width:0}
.euchre-app .et-header{flex-wrap:wrap;gap:6px 14px}
.euchre-app .et-header>.widget-html:first-child{flex:1 1 300px;min-width:0}
.euchre-app .et-title h1{font-size:24px}
.euchre-score .board{padding:4px 12px}
.euchre-score .pts{font-size:24px;line-height:1.1}
.euchre-app .widget-inline-hbox,.euchre-app .widget-text,.euchre-app .widget-textarea,.euchre-app .widget-dropdown,
.euchre-app .widget-upload{max-width:100%;min-width:0}
.euchre-app .euchre-log .et-scroll{overflow-x:auto;max-width:100%}
.euchre-app .euchre-log .et-scroll:focus-visible{outline:3px solid #1565c0;outline-offset:2px}
.euchre-app .euchre-stats svg{max-width:100%;height:auto}
@media (hover:hover){.euchre-app .jupyter-button.et-slot.playable:hover{transform:translateY(-10px)}}
@container euchre-app (max-width:899px){
  .euchre-app .et-main{flex-direction:column;align-items:stretch;gap:8px}
  .euchre-app .et-main>.et-left,.euchre-app .et-main>.et-right{display:contents}
  .euchre-app .et-main>.et-left>*,.euchre-app .et-main>.et-right>*{min-width:0;max-width:none}
  .euchre-app .et-main>.et-right>.euchre-hint,.euchre-app .et-main>.et-right>.euchre-suggest{order:1}
  .euchre-app .et-main>.et-left>.euchre-review{order:2}
  .euchre-app .et-main>.et-left>.et-controls{order:3}
  .euchre-app .et-main>.et-right>:not(.euchre-hint):not(.euchre-suggest){order:4}
  .euchre-app .euchre-hint,.euchre-app .euchre-log,.euchre-app .euchre-review,.euchre-app .euchre-stats{margin-bottom:0}
}
@container euchre-app (max-width:599px){
  .euchre-app .et-title h1{font-size:20px}
  .euchre-app .et-title .sub{font-size:12px}
  .euchre-score .board{gap:8px;padding:4px 8px;flex-wrap:wrap}
  .euchre-score .side{min-width:0}
  .euchre-score .meter{width:auto;align-self:stretch}
  .euchre-app .euchre-message .msg{font-size:14px;padding:6px 8px}
  .euchre-app .et-prompt{font-size:15px}
  .et-table .row{gap:10px}
  .et-table .note{max-width:110px}
  .euchre-app .et-face{width:46px;height:66px;padding:3px 4px}
  .euchre-app .et-face .r{font-size:16px}.euchre-app .et-face .s{font-size:22px;margin-bottom:4px}
  .euchre-app .et-face.small{width:30px;height:42px;padding:2px}
  .euchre-app .et-face.small .r{font-size:12px}.euchre-app .et-face.small .s{font-size:14px;margin-bottom:1px}
  .euchre-app .et-back,.euchre-app .et-empty{width:46px;height:66px}
  .euchre-app .et-trumpbadge{width:44px;height:44px;font-size:28px}
  .euchre-app .et-hand{flex-wrap:wrap;min-height:0;gap:6px}
  .euchre-app .jupyter-button.et-slot{width:60px;height:86px;margin:0}
  .euchre-app .jupyter-button.et-slot::before{left:5px;top:4px;font-size:18px}
  .euchre-app .jupyter-button.et-slot::after{top:32px;font-size:34px}
  .euchre-app .jupyter-button.euchre-trump,.euchre-app .jupyter-button.euchre-bid{min-width:0;font-size:15px;padding:0 10px}
  .euchre-app .et-controls .jupyter-button.et-ctl{min-width:0}
  .euchre-hint,.euchre-log,.euchre-review{padding:8px}
}
@container euchre-app (max-width:419px){
  .euchre-app .et-hand{gap:4px}
  .euchre-app .jupyter-button.et-slot{width:48px;height:70px;border-radius:7px}
  .euchre-app .jupyter-button.et-slot::before{left:4px;top:3px;font-size:16px}
  .euchre-app .jupyter-button.et-slot::after{top:28px;font-size:28px}
}
@container euchre-app (max-width:899px){
  .euchre-app .et-left,.euchre-app .et-right{min-width:0}
}
@media (pointer:coarse){
  .euchre-app .jupyter-button{min-height:44px;min-width:44px}
  .euchre-app .jupyter-button.euchre-trump,.euchre-app .jupyter-button.euchre-bid{height:auto}
  .euchre-app .widget-toggle-button{min-height:44px}
  .euchre-app .widget-dropdown select,.euchre-app .widget-text input{min-height:44px}
  .euchre-app input[type="checkbox"]{width:22px;height:22px}
}
"""
__all__ += ["LAYOUT_CSS"]
CSS += """
.euchre-app .et-retry-choices,.euchre-app .et-retry-answers{flex-wrap:wrap;gap:6px;margin:4px 0}
.euchre-app .et-retry-choices .widget-button,.euchre-app .et-retry-answers .widget-button{width:auto;min-width:6em}
.euchre-app .et-retry{border-top:1px solid rgba(0,0,0,.12);margin-top:6px;padding-top:6px}
.euchre-app .et-retry-hand{margin-top:4px}
.euchre-app .et-key{font-size:.8em;font-weight:600;color:#8a5a00;white-space:nowrap}
.euchre-app tr.et-key-row td{background:rgba(255,214,102,.18)}
.euchre-app .et-swing{font-size:.8em;font-weight:600;white-space:nowrap}
.euchre-app .et-swing.lucky{color:#1b6e2a}
.euchre-app .et-swing.unlucky{color:#8c1d18}
"""
CSS += LAYOUT_CSS

#: The end of a hand (issue 38): the message line keeps one line's height even when empty (the table
#: never moves when the first message appears); the emptied hand row drops its reserved height
#: (``et-hand-done``) and the bar of what comes next (``et-handend``: Next hand, Review hand) takes
#: its place, the main button first and highlighted, with the review opening right under it.
END_OF_HAND_CSS = """
.euchre-app .euchre-message .msg{line-height:20px;min-height:20px}
.euchre-app .et-hand.et-hand-done{min-height:0;padding:0}
.euchre-app .et-handend{flex-wrap:wrap;gap:8px;align-items:center;margin:4px 0 10px}
.euchre-app .et-handend .jupyter-button.et-ctl{height:40px;min-width:120px;margin:0;padding:0 18px;font-size:15px;
  box-shadow:0 2px 4px rgba(0,0,0,.35)}
.euchre-app .et-handend .jupyter-button.et-next:not(:disabled){background:#ffd54f;color:#3b2f00}
.euchre-app .et-handend .jupyter-button.et-ctl:focus-visible{outline:3px solid #fff7d6;outline-offset:2px}
"""
__all__ += ["END_OF_HAND_CSS"]
CSS += END_OF_HAND_CSS

#: A shared table's Start and Give up my seat: the tables' buttons, Start (what everyone waits for) highlighted.
SHARED_BUTTONS_CSS = """
.euchre-app .et-shared-play{gap:8px;flex-wrap:wrap}
.euchre-app .et-shared-play .jupyter-button{width:auto;min-width:120px;height:40px;margin:0;padding:0 16px;border-radius:8px;
  font-size:15px;font-weight:600;background:#f4f1e8;color:#1b4d32;box-shadow:0 2px 4px rgba(0,0,0,.35)}
.euchre-app .et-shared-play .jupyter-button.et-start{background:#ffd54f;color:#3b2f00}
.euchre-app .et-shared-play .jupyter-button:focus-visible{outline:3px solid #fff7d6;outline-offset:2px}
"""
__all__ += ["SHARED_BUTTONS_CSS"]
CSS += SHARED_BUTTONS_CSS

#: Phones (issue 50): on a phone's screen (the window at most 480 px wide) the app takes the whole width
#: (Voila's margins around it go), and a table under 420 px wide is packed so that on a 390×844 phone
#: the table, the decision's buttons, the hand and **Show hint** are on the first screen. Forms wrap
#: inside the app (no control wider than the screen, no label cut), and on a touch screen no button is
#: smaller than 44×44 CSS px, whatever a game's own style sheet says (``!important``: a floor).
PHONE_CSS = """
@media (max-width:480px){
  #rendered_cells:has(.euchre-app){padding:4px}
  .jp-Cell:has(.euchre-app){padding:0}
  .jp-Cell:has(.euchre-app) .jp-Cell-outputWrapper{margin-top:0}
  .jp-OutputArea-output:has(>.euchre-app){margin-left:0}
  .euchre-app{padding:8px 8px 12px;border-radius:10px}
}
@container euchre-app (max-width:419px){
  .euchre-app .et-header{gap:2px 8px}
  .euchre-app .et-title h1{font-size:19px}
  .euchre-app .et-title .sub{font-size:12px;line-height:1.25}
  .euchre-score .board{gap:2px 8px;padding:2px 8px}
  .euchre-score .pts{font-size:19px;line-height:1.05}
  .euchre-score .lbl{font-size:10px;letter-spacing:.5px}
  .euchre-score .to{font-size:11px}
  .euchre-app .euchre-message .msg{padding:4px 8px;margin:2px 0}
  .euchre-app .et-prompt{font-size:14px;margin:2px 0 0}
  .euchre-app .et-prompt .widget-html-content{line-height:1.3}
  .euchre-app .et-trumpbox{gap:6px;padding:4px 6px}
  .euchre-app .jupyter-button.euchre-trump,.euchre-app .jupyter-button.euchre-bid{font-size:14px;padding:0 8px;margin:0}
  .euchre-app .et-main{gap:4px}
  .euchre-app .et-hand{padding:2px 0}
  .euchre-app .et-controls{gap:4px 6px}
  .euchre-app .et-controls>.widget-inline-hbox,.euchre-app .et-controls>.widget-checkbox{width:auto;max-width:100%}
  .euchre-app .et-controls .widget-textarea{width:100%}
  .euchre-app .et-controls .widget-textarea textarea{width:100%;box-sizing:border-box}
  .euchre-app .et-controls select{min-width:0;max-width:100%}
  .euchre-app .et-controls .widget-dropdown,.euchre-app .et-controls .widget-text{flex:0 1 auto}
  .euchre-app .widget-checkbox label,.euchre-app.euchre-app .widget-checkbox label{white-space:normal;overflow:visible}
  .euchre-app .widget-label{min-width:0}
  .euchre-app .et-shared-seats{flex-direction:column;gap:3px;margin:2px 0}
  .euchre-app .et-shared-seats .st{font-size:12px;padding:1px 6px;line-height:1.35}
  .euchre-app .et-shared-play{margin-top:2px;gap:6px}
  .euchre-app .et-chat .widget-hbox{flex-wrap:wrap;gap:4px}
  .euchre-app .et-chat .widget-text,.euchre-app .et-chat .widget-dropdown{flex:1 1 200px;width:auto !important;max-width:100%}
  .euchre-app .et-lobby-panel .widget-dropdown,.euchre-app .et-lobby-panel .widget-text{max-width:100%;flex-wrap:wrap}
  .euchre-app .et-lobby-panel select{max-width:100%;min-width:0}
}
@media (pointer:coarse){
  .euchre-app .jupyter-button{min-height:44px !important;min-width:44px !important}
  .euchre-app .widget-dropdown,.euchre-app .widget-text,.euchre-app .widget-checkbox{height:auto;min-height:28px}
  .euchre-app .widget-dropdown .widget-label,.euchre-app .widget-text .widget-label{align-self:center}
}
"""
__all__ += ["PHONE_CSS"]
CSS += PHONE_CSS


# ---------------------------------------------------------------------------
# The classic table (euchre_tutor.games.classic.widgets.app): appended, the rules above are shared.


def _classic_face_rules() -> str:
    """Faces of the cards only the bigger decks and the joker have (the 24 are above)."""
    rules = []
    for card in deck(32):
        if card.rank.display in ("7", "8"):
            assert card.suit is not None
            rules.append(
                f'.euchre-app .jupyter-button.c-{card}::before{{content:"{card.rank.display}\\A{card.suit.symbol}" / ""}}'
            )
    rules.append('.euchre-app .jupyter-button.c-JK::before{content:"JK" / ""}')
    rules.append('.euchre-app .jupyter-button.c-JK::after{content:"★" / ""}')  # a star every text font draws
    return "\n".join(rules)


#: three- and six-player layouts of the classic table, and a colour per team (seats, trick, score, log)
CLASSIC_TABLES_CSS = """
.euchre-classic .ec-table.ec-n3{grid-template-areas:". info ." "left center right" ". bottom ."}
.euchre-classic .ec-n3 .ec-name,.euchre-classic .ec-n6 .ec-name{white-space:nowrap}
.euchre-classic .ec-table.ec-n6{grid-template-rows:auto auto auto auto;
  grid-template-areas:"info top ." "upper-left center upper-right" "lower-left center lower-right" ". bottom ."}
.euchre-classic .ec-upper-left{grid-area:upper-left}
.euchre-classic .ec-lower-left{grid-area:lower-left}
.euchre-classic .ec-upper-right{grid-area:upper-right}
.euchre-classic .ec-lower-right{grid-area:lower-right}
.euchre-classic .ec-n3 .ec-trick{grid-template-rows:repeat(3,var(--ec-row));
  grid-template-areas:"left . right" "left bottom right" ". bottom ."}
.euchre-classic .ec-n6 .ec-trick{grid-template-areas:"upper-left top upper-right" "upper-left top upper-right"
  "lower-left bottom lower-right" "lower-left bottom lower-right"}
.euchre-classic .ec-p-upper-left{grid-area:upper-left}.euchre-classic .ec-p-lower-left{grid-area:lower-left}
.euchre-classic .ec-p-upper-right{grid-area:upper-right}.euchre-classic .ec-p-lower-right{grid-area:lower-right}
.euchre-classic .ec-play{display:flex;flex-direction:column;align-items:center;gap:1px;position:relative}
.euchre-classic .ec-trick .ec-who{position:absolute;top:-8px;left:50%;transform:translateX(-50%);z-index:1;white-space:nowrap}
.euchre-classic .ec-who{font-size:11px;font-weight:800;border-radius:6px;padding:0 5px;background:rgba(0,0,0,.3)}
.euchre-classic .ec-play.out .ec-who{opacity:.6}
.euchre-classic .et-empty.small.out{opacity:.25}
.euchre-classic .ec-teamname{font-size:11px;font-weight:700;border-radius:6px;padding:0 6px;color:#1d1d1f}
.euchre-classic .ec-seat{border-bottom:4px solid transparent}
.euchre-classic .ec-seat.ec-team-0{border-bottom-color:#4fc3f7}.euchre-classic .ec-seat.ec-team-1{border-bottom-color:#ffb74d}
.euchre-classic .ec-seat.ec-team-2{border-bottom-color:#ce93d8}
.euchre-classic .ec-team-0 .ec-teamname,.euchre-classic .ec-team-0 .ec-who{background:#4fc3f7;color:#0d2a3a}
.euchre-classic .ec-team-1 .ec-teamname,.euchre-classic .ec-team-1 .ec-who{background:#ffb74d;color:#3a2400}
.euchre-classic .ec-team-2 .ec-teamname,.euchre-classic .ec-team-2 .ec-who{background:#ce93d8;color:#2e0f36}
.euchre-classic .euchre-score .side{border-bottom:4px solid transparent;padding-bottom:2px}
.euchre-classic .euchre-score .side.ec-team-0{border-bottom-color:#4fc3f7}
.euchre-classic .euchre-score .side.ec-team-1{border-bottom-color:#ffb74d}
.euchre-classic .euchre-score .side.ec-team-2{border-bottom-color:#ce93d8}
.euchre-log .ec-logplay.ec-team-0{border-bottom:2px solid #4fc3f7}.euchre-log .ec-logplay.ec-team-1{border-bottom:2px solid #ffb74d}
.euchre-log .ec-logplay.ec-team-2{border-bottom:2px solid #ce93d8}
.euchre-log .ec-plays.many{flex-wrap:wrap;width:168px}
"""
__all__ += ["CLASSIC_TABLES_CSS"]

CLASSIC_CSS = (
    """
.euchre-classic .ec-table{display:grid;grid-template-columns:1fr 1.4fr 1fr;grid-template-rows:auto auto auto;
  grid-template-areas:"info top ." "left center right" ". bottom .";gap:8px 12px;align-items:center;justify-items:center;
  background:rgba(0,0,0,.14);border-radius:14px;padding:10px}
.euchre-classic .ec-info{grid-area:info;display:grid;grid-template-columns:auto minmax(0,1fr);column-gap:8px;row-gap:2px;
  align-items:center;align-content:center;text-align:left}
.euchre-classic .ec-info .et-face{grid-column:1;grid-row:1/span 3;width:50px;height:70px;padding:3px 5px}
.euchre-classic .ec-info .et-face .r{font-size:17px}.euchre-classic .ec-info .et-face .s{font-size:26px;margin-bottom:4px}
.euchre-classic .ec-info>span:not(.et-face){grid-column:2}
.euchre-classic .ec-info .cap,.euchre-classic .ec-center .cap{font-size:12px;text-transform:uppercase;letter-spacing:1px;opacity:.85}
.euchre-classic .ec-info .note{font-size:12px;opacity:.9}
.euchre-classic .ec-trump{font-size:13px;font-weight:700;color:#fff7d6;max-width:180px}
.euchre-classic .ec-seat{display:flex;flex-flow:row wrap;justify-content:center;align-items:center;gap:0 4px;min-width:120px;
  padding:4px 8px;
  border-radius:10px;background:rgba(0,0,0,.22);text-align:center}
.euchre-classic .ec-seat.to-act{box-shadow:0 0 0 3px #ffd54f}
.euchre-classic .ec-seat.out{opacity:.5;text-decoration:line-through}
.euchre-classic .ec-top{grid-area:top}.euchre-classic .ec-left{grid-area:left}
.euchre-classic .ec-right{grid-area:right}.euchre-classic .ec-bottom{grid-area:bottom}
.euchre-classic .ec-name{font-weight:800;font-size:15px;color:#fff7d6}
.euchre-classic .ec-badge{display:inline-block;font-size:11px;font-weight:700;background:#ffd54f;color:#3b2f00;
  border-radius:8px;padding:0 6px;margin:1px}
.euchre-classic .ec-count{font-size:12px;opacity:.9;flex-basis:100%}
.euchre-classic .ec-center{grid-area:center;display:flex;flex-direction:column;align-items:center;gap:4px}
.euchre-classic .ec-center.last .ec-trick{opacity:.7}
.euchre-classic .ec-trick{--ec-row:44px;margin-top:8px;display:grid;grid-template-columns:repeat(3,66px);grid-template-rows:repeat(4,var(--ec-row));
  grid-template-areas:". top ." "left top right" "left bottom right" ". bottom .";gap:2px 8px;align-items:center;justify-items:center}
.euchre-classic .ec-trick .et-empty.small{width:62px;height:88px}
.euchre-classic .ec-p-top{grid-area:top}.euchre-classic .ec-p-left{grid-area:left}
.euchre-classic .ec-p-right{grid-area:right}.euchre-classic .ec-p-bottom{grid-area:bottom}
.euchre-classic .ec-play.won .et-face{box-shadow:0 0 0 3px #8fe3a8,0 3px 6px rgba(0,0,0,.35)}
.euchre-classic .et-empty.small{width:34px;height:46px}
.euchre-classic .et-face.joker{color:#6a1b9a}
.euchre-suggest,.euchre-bidding{background:rgba(255,253,247,.96);color:#1d1d1f;border-radius:12px;padding:10px 12px;
  box-shadow:0 4px 12px rgba(0,0,0,.35);margin-bottom:12px}
.euchre-app .euchre-suggest .widget-html-content,.euchre-app .euchre-bidding .widget-html-content{color:#1d1d1f}
.euchre-bidding .ec-bidlog{margin:4px 0;padding-left:20px;font-size:13px}
.euchre-log .ec-plays{display:flex;flex-wrap:nowrap;gap:3px 6px;align-items:center}
.euchre-log .ec-logplay{display:inline-flex;align-items:center;gap:2px;white-space:nowrap;font-size:11px}
.euchre-bidding .ec-sym{font-weight:800}.euchre-bidding .ec-sym.red{color:"""
    + RED
    + """}
.euchre-log .ec-result{font-weight:700;margin:6px 0 2px}
.euchre-log details{margin-top:4px}.euchre-log summary{cursor:pointer;font-size:13px}
.euchre-log .ec-earlier{margin-top:8px;border-top:1px solid #ddd;padding-top:4px}
"""
    + _classic_face_rules()
    + CLASSIC_TABLES_CSS
    + """
@container euchre-app (max-width:599px){
  .euchre-classic .ec-table{grid-template-columns:minmax(0,1fr) min-content minmax(0,1fr);gap:4px;padding:6px}
  .euchre-classic .ec-table>*{overflow-wrap:anywhere;max-width:100%;box-sizing:border-box}
  .euchre-classic .ec-seat{min-width:0;padding:3px 4px}
  .euchre-classic .ec-name,.euchre-classic .ec-n3 .ec-name,.euchre-classic .ec-n6 .ec-name{font-size:13px;white-space:normal}
  .euchre-classic .ec-count{font-size:11px}
  .euchre-classic .ec-badge{font-size:10px}
  .euchre-classic .ec-info{display:flex;flex-direction:column;text-align:center;gap:2px}
  .euchre-classic .ec-info .cap{font-size:10px;letter-spacing:0}
  .euchre-classic .ec-info .note,.euchre-classic .ec-trump{font-size:11px}
  .euchre-classic .ec-trick{--ec-row:33px;grid-template-columns:repeat(3,46px);gap:2px 3px}
  .euchre-classic .ec-trick .et-empty.small{width:46px;height:66px}
  .euchre-classic .ec-who{font-size:10px}
  .euchre-classic .ec-center .cap{font-size:10px;letter-spacing:0}
  .euchre-classic .ec-tutor-options{gap:6px}
}
@container euchre-app (max-width:419px){
  .euchre-classic .ec-table{grid-template-columns:minmax(0,1fr) minmax(138px,min-content) minmax(0,1fr);
    gap:3px;padding:4px}
  .euchre-classic .ec-info{display:grid;grid-template-columns:auto minmax(0,1fr);gap:1px 4px;text-align:left;
    align-self:start;justify-self:stretch}
  .euchre-classic .ec-info .cap{grid-column:1/-1}
  .euchre-classic .ec-info .et-face{grid-column:1;grid-row:2/span 2;width:34px;height:48px;padding:2px 3px}
  .euchre-classic .ec-info .et-face .r{font-size:14px}.euchre-classic .ec-info .et-face .s{font-size:18px;margin-bottom:2px}
  .euchre-classic .ec-info>span:not(.et-face):not(.cap){grid-column:2}
  .euchre-classic .ec-info .note,.euchre-classic .ec-trump{font-size:10.5px;line-height:1.2}
  .euchre-classic .ec-seat{padding:2px 3px}
  .euchre-classic .ec-name,.euchre-classic .ec-n3 .ec-name,.euchre-classic .ec-n6 .ec-name{font-size:12.5px}
  .euchre-classic .ec-count{font-size:10.5px}
  .euchre-classic .ec-trick{--ec-row:29px;grid-template-columns:repeat(3,42px);margin-top:4px}
  .euchre-classic .ec-trick .et-face{width:42px;height:58px;padding:2px 3px}
  .euchre-classic .ec-trick .et-empty.small{width:42px;height:58px}
}
"""
)
__all__ += ["CLASSIC_CSS"]
