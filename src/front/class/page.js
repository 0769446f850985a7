/*
 * The student's page (src/front/class/page.html): follows the teacher
 * through Server-Sent Events (GET /events, one JSON object of
 * wv_live_event per event) and votes with POST /vote.  Everything shown
 * is set as text, never as HTML.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
"use strict";
(function () {
	var $ = function (id) { return document.getElementById(id); };
	var ev = null;		/* the last event */
	var chosen = null;	/* this round's vote as the server took it */
	var shownRound = -1;

	function options(e) {
		var list = e.options || [];
		return list.map(function (o) { return typeof o === "string" ? o : (o.text || ""); });
	}
	function rightIndex(e) {
		if (typeof e.right === "number") return e.right;
		var list = e.options || [];
		for (var i = 0; i < list.length; i++)
			if (list[i] && list[i].right === true) return i;
		return -1;
	}
	function mineIndex(e) {
		return typeof e.mine === "number" && e.mine >= 0 ? e.mine : chosen;
	}
	function status(text, cls) {
		var s = $("status");
		s.textContent = text;
		s.className = "status" + (cls ? " " + cls : "");
	}
	function remember(round, i) {
		try { sessionStorage.setItem("wv-vote", round + ":" + i); } catch (x) { /* private mode */ }
	}
	function recall(round) {
		try {
			var v = (sessionStorage.getItem("wv-vote") || "").split(":");
			if (+v[0] === round) return +v[1];
		} catch (x) { /* private mode */ }
		return null;
	}

	function vote(i) {
		if (!ev || ev.state !== "open") return;
		var round = ev.round;
		status("Sending\u2026");
		fetch("/vote", {
			method: "POST",
			headers: { "Content-Type": "application/x-www-form-urlencoded" },
			body: "answer=" + i + "&round=" + round,
			credentials: "same-origin"
		}).then(function (r) {
			return r.text().then(function (t) { return { ok: r.ok, code: r.status, text: t }; });
		}).then(function (r) {
			if (ev.round !== round) return;
			if (r.ok) {
				chosen = i;
				remember(round, i);
				status("Received \u2713 (you may change it while the question is open)", "is-right");
			} else {
				status(r.code === 409 ? "This question is closed." : r.text.trim(), "is-wrong");
			}
			draw();
		}).catch(function () {
			status("Not sent: the network dropped. Tap again.", "is-wrong");
		});
	}

	function draw() {
		var e = ev, box = $("choices");
		if (!e) return;
		if (e.round !== shownRound) {
			shownRound = e.round;
			chosen = recall(e.round);
			status("");
		}
		/* the server's word on this student's vote (a reloaded page) */
		if (typeof e.mine === "number")
			chosen = e.mine;
		var state = e.state || "none";
		$("where").textContent = "watviz" + (e.round ? " \u00b7 round " + e.round +
			(e.vote === 2 ? ", second vote" : "") : "");
		if (state === "none") {
			$("title").textContent = "Waiting for the teacher";
			$("prompt").textContent = "The question shows here when the teacher asks it.";
		} else {
			$("title").textContent = e.title || "";
			$("prompt").textContent = e.prompt || "";
		}
		var opts = state === "none" ? [] : options(e);
		while (box.children.length > opts.length) box.removeChild(box.lastChild);
		opts.forEach(function (text, i) {
			var b = box.children[i];
			if (!b) {
				b = document.createElement("button");
				b.type = "button";
				b.addEventListener("click", function () { vote(i); });
				box.appendChild(b);
			}
			b.textContent = text;
			b.disabled = state !== "open";
			b.setAttribute("aria-pressed", chosen === i ? "true" : "false");
			b.className = state === "revealed" && i === rightIndex(e) ? "is-answer" : "";
		});
		if (state === "closed")
			status("Votes are closed: wait for the answer.");
		var after = $("after");
		if (state === "revealed") {
			var r = rightIndex(e), m = mineIndex(e);
			status("");
			after.hidden = false;
			$("right").textContent = r >= 0 ? "Right: " + opts[r] : "";
			var mine = $("mine");
			if (m === null || m === undefined) {
				mine.textContent = "You did not vote on this one.";
				mine.className = "";
			} else if (m === r) {
				mine.textContent = "Your vote was right.";
				mine.className = "is-right";
			} else {
				mine.textContent = "Your vote was " + (opts[m] || "") +
					(e.diagnosis ? ": " + e.diagnosis : ".");
				mine.className = "is-wrong";
			}
			/* the scene on the full page, served here (after the
			   answer only: the page's s would show it) */
			var bits = typeof e.bits === "string" && e.bits.indexOf("/bits#") === 0;
			$("bits").hidden = !bits;
			if (bits) $("bits-link").setAttribute("href", e.bits);
		} else {
			after.hidden = true;
		}
	}

	function listen() {
		var es = new EventSource("/events");
		es.onmessage = function (m) {
			try { ev = JSON.parse(m.data); } catch (x) { return; }
			draw();
		};
		es.onerror = function () {
			if (es.readyState === EventSource.CLOSED) {
				status("Lost the class: reload the page.", "is-wrong");
			}
		};
	}
	listen();
})();
