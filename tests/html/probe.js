/*
 * The probe run-html.sh puts in the page that frames every generated page
 * (the pages themselves have no script).  After everything has loaded it
 * reads each framed page as the browser laid it out and writes one JSON
 * line per page into <pre id="probe">, which --dump-dom prints.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
'use strict';

function shown(el) {
	return el.checkVisibility ? el.checkVisibility() : el.getClientRects().length > 0;
}

function probe(frame) {
	const d = frame.contentDocument, html = d.documentElement, r = {};

	r.page = frame.getAttribute('src');
	r.lang = html.lang;
	r.title = d.title;
	r.h1 = Array.from(d.querySelectorAll('h1'), h => h.textContent);
	r.scripts = d.querySelectorAll('script').length;
	r.subs = d.querySelectorAll('section.sub').length;
	r.tables = d.querySelectorAll('table.bits').length;
	r.headed = d.querySelectorAll('table.bits thead th[scope=col]').length;
	r.rowheads = d.querySelectorAll('table.bits tbody th[scope=row]').length;
	/* every cell of a value row: 8 bits (or one, an 8-bit map), '?' hidden */
	r.bitcells = 0;
	r.badcells = [];
	d.querySelectorAll('table.bits tbody tr').forEach(tr => {
		if (tr.classList.contains('marks') || tr.classList.contains('carets'))
			return;
		tr.querySelectorAll('td:not(.hex):not([colspan])').forEach(td => {
			const t = td.textContent;

			if (/^([01]{8}|[?]{8}|[01?])$/.test(t))
				r.bitcells++;
			else if (r.badcells.length < 5)
				r.badcells.push(t);
		});
	});
	r.chainrows = d.querySelectorAll('table.bits tr.chain-row').length;
	r.marks = {};
	/* the symbols under the bytes ("=*0 first": '=', '*' and '0') */
	d.querySelectorAll('table.bits tr.marks td span').forEach(s => {
		for (const c of s.textContent.split(' ')[0])
			r.marks[c] = (r.marks[c] || 0) + 1;
	});
	r.legend = d.querySelectorAll('.legend li').length;
	r.footnotes = d.querySelectorAll('.sources li[id]').length;
	r.badlinks = Array.from(d.querySelectorAll('a[href^="#"]'))
		.filter(a => !d.getElementById(a.getAttribute('href').slice(1))).length;
	r.questions = d.querySelectorAll('.question').length;
	/* a question sheet's questions, and anything of an answer on it */
	r.sheetq = d.querySelectorAll('.sheet-q').length;
	r.answers_all = d.querySelectorAll('.answers-all').length;
	r.worked = d.querySelectorAll('.worked').length;
	r.details = d.querySelectorAll('details').length;
	/* each question links to its answer in the answers section, and
	   no answer can be read above that section ... */
	r.qlinks = Array.from(d.querySelectorAll('.question a[href]'))
		.filter(a => { const t = d.getElementById(a.getAttribute('href').slice(1));
			       return t && t.closest('.answers-all'); }).length;
	const all = d.querySelector('.answers-all');
	r.answers_all_shown = !!all && shown(all);
	const leads = Array.from(d.querySelectorAll('.answers-all .lead'), p => p.textContent);
	r.leads = leads.length;
	const text = d.body.innerText;
	const cut = all ? text.indexOf(all.querySelector('h2').innerText) : -1;
	const above = cut >= 0 ? text.slice(0, cut) : text;
	r.leaked = leads.filter(l => above.includes(l)).length;
	/* ... and each can below it (the check above can fail) */
	r.revealed = leads.filter(l => cut >= 0 && text.slice(cut).includes(l)).length;
	/* at a phone's width the page does not scroll sideways */
	r.width = html.clientWidth;
	r.overflow = html.scrollWidth - html.clientWidth;
	r.wide_scrolls = Array.from(d.querySelectorAll('.wide'))
		.filter(w => w.scrollWidth > w.clientWidth).length;
	return r;
}

window.addEventListener('load', () => {
	const out = document.createElement('pre');
	const lines = [];

	out.id = 'probe';
	document.querySelectorAll('iframe').forEach(f => {
		try {
			lines.push(JSON.stringify(probe(f)));
		} catch (e) {
			lines.push(JSON.stringify({ page: f.getAttribute('src'), error: String(e) }));
		}
	});
	out.textContent = lines.join('\n');
	document.body.appendChild(out);
});
