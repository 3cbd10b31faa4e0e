"""Server-rendered SVG charts of the public pages (issue 33): `svg.line_chart` over time,
`svg.bar_chart`; no JavaScript, no CDN."""
