"""The read-only recap page (``GET /recap/<game id>?t=<token>``): a :class:`~handlers.recap.grid.Grid` as
one self-contained HTML document (inline CSS, no script, nothing loaded from elsewhere), every text
escaped. Sections (``id``): ``result``, ``seats``, ``votes``, ``timeline``; the vote table's chosen cells
have the class ``chosen``, a winner's row ``won``, a dead seat's row ``dead``. The vote table reads on a
phone: its result column (``outcome``) comes right after the vote's label, which stays in view (sticky)
while the voters' columns scroll inside the table's own box."""

from __future__ import annotations

from html import escape

from handlers.recap.grid import Grid

STYLE = """
body{font-family:"Noto Sans CJK JP","Hiragino Sans","Yu Gothic",sans-serif;margin:0;padding:16px;
background:#f6f4ef;color:#222}
main{max-width:960px;margin:0 auto}
h1{font-size:1.4rem;margin:0 0 4px}
h2{font-size:1.1rem;margin:24px 0 8px;border-bottom:2px solid #b44;padding-bottom:2px}
p.result{font-size:1.1rem;font-weight:bold;margin:4px 0 12px}
.scroll{overflow-x:auto}
table{border-collapse:collapse;background:#fff;font-size:.95rem}
th,td{border:1px solid #ccc;padding:4px 8px;text-align:left;white-space:nowrap}
th{background:#eee}
#votes td.cell{text-align:center;min-width:2.2em}
#votes .label{position:sticky;left:0;z-index:1;background:#eee}
#votes td.outcome{white-space:normal;min-width:6em}
td.chosen{background:#fde2e2;font-weight:bold}
tr.won td.mark{color:#b44;font-weight:bold}
tr.dead td{color:#777}
ul{margin:0;padding-left:1.2em}
li{margin:2px 0}
.legend{font-size:.85rem;color:#555}
"""


def _e(text: str) -> str:
    return escape(text, quote=True)


def html(grid: Grid) -> str:
    """The page of ``grid`` (UTF-8 text)."""
    h = grid.headings
    seats = "".join(
        f'<tr class="{"won" if s.won else "lost"}{"" if s.alive else " dead"}"><td>{_e(s.seat)}</td>'
        f"<td>{_e(s.name)}</td><td>{_e(s.role)}</td>"
        + (f"<td>{_e(s.side or '')}</td>" if grid.sides else "")
        + f"<td>{_e(s.fate)}</td>"
        f'<td class="mark">{_e(h["won"] if s.won else h["lost"])}</td></tr>'
        for s in grid.seats
    )
    head = "".join(f"<th>{_e(v)}</th>" for v in grid.voters)
    rows = "".join(
        f'<tr><th class="label">{_e(row.label)}</th><td class="outcome">{_e(row.outcome)}</td>'
        + "".join(f'<td class="cell{" chosen" if c.startswith("★") else ""}">{_e(c)}</td>' for c in row.cells)
        + "</tr>"
        for row in grid.votes
    )
    votes = (
        f'<div class="scroll"><table><thead><tr><th class="label">{_e(h["vote"])}</th>'
        f'<th class="outcome">{_e(h["outcome"])}</th>{head}</tr></thead><tbody>{rows}</tbody></table></div>'
        f'<p class="legend">{_e(grid.legend)}</p>'
        if grid.votes
        else ""
    )
    nights = "".join(
        f"<li><strong>{_e(n.label)}</strong><ul>"
        + "".join(f"<li>{_e(line)}</li>" for line in n.lines)
        + "</ul></li>"
        for n in grid.nights
    )
    truncated = f'<p class="legend">{_e(grid.truncated)}</p>' if grid.truncated else ""
    return (
        f'<!doctype html><html lang="{_e(grid.locale)}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width,initial-scale=1">'
        '<meta name="robots" content="noindex"><meta name="referrer" content="no-referrer">'
        f"<title>{_e(h['title'])}</title><style>{STYLE}</style></head><body><main>"
        f'<h1>{_e(h["title"])}</h1><section id="result"><p class="result">{_e(grid.result)}</p></section>'
        f'<section id="seats"><h2>{_e(h["seats"])}</h2><div class="scroll"><table><thead><tr>'
        f"<th>{_e(h['seat'])}</th><th>{_e(h['name'])}</th><th>{_e(h['role'])}</th>"
        + (f"<th>{_e(h['side'])}</th>" if grid.sides else "")
        + f"<th>{_e(h['fate'])}</th>"
        f"<th></th></tr></thead><tbody>{seats}</tbody></table></div></section>"
        + (f'<section id="votes"><h2>{_e(h["votes"])}</h2>{votes}</section>' if votes else "")
        + f'<section id="timeline"><h2>{_e(h["timeline"])}</h2><ul>{nights}</ul></section>'
        f"{truncated}</main></body></html>"
    )
