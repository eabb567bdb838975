// Every answer pzprjs accepts on one Persistence of Memory board, by exhaustion (issue 70):
// each path between the two circles that never has a cell of the path beside another
// orthogonally but the cells it joins (pzprjs's lnAdjacent forbids that everywhere but
// between the two ends; the prune loses no answer pzprjs accepts) is drawn on pzprjs's
// board and pzprjs's checker is asked. Prints the candidates, the answers pzprjs accepts
// and the URL pzprjs writes for the board (one JSON line), then each answer's lines as
// snakesat's answer glyphs, rows joined by " / " (one answer a line).
// Usage: node bench/pmemory-pzprjs-paths.js PZPRJS_DIR URL|PZPRV3_TEXT (a file's text
// says walls inside regions, which the TOML form cannot)
"use strict";
const path = require("path");
const pzpr = require(path.resolve(process.argv[2], "dist/js/pzpr.js"));
const puzzle = new pzpr.Puzzle();
const board = process.argv[3];
puzzle.open(board.startsWith("pzprv3") ? board : board.replace(/^.*\?/, ""));
const url = "https://puzz.link/p?" + puzzle.getURL().replace(/^.*\?/, "");
const bd = puzzle.board;
const R = bd.rows, C = bd.cols, N = R * C;
const circles = [];
for (let i = 0; i < N; i++) if (bd.cell[i].qnum === 1) circles.push(i);
if (circles.length !== 2) throw new Error("expected two circles, found " + circles.length);
const [A, B] = circles;
const nbs = (i) => {
	const r = Math.floor(i / C), c = i % C, out = [];
	if (r > 0) out.push(i - C);
	if (c > 0) out.push(i - 1);
	if (c + 1 < C) out.push(i + 1);
	if (r + 1 < R) out.push(i + C);
	return out;
};
const border = (i, j) => {
	const a = bd.cell[i], b = bd.cell[j];
	return bd.getb((a.bx + b.bx) >> 1, (a.by + b.by) >> 1);
};
const GLYPHS = [".", "╵", "╶", "└", "╷", "│", "┌", "├", "╴", "┘", "─", "┴", "┐", "┤", "┬", "┼"];
const on = new Array(N).fill(false);
const route = [A];
on[A] = true;
let candidates = 0;
const accepted = [];
function judge() {
	candidates++;
	const drawn = [];
	for (let k = 0; k + 1 < route.length; k++) {
		const b = border(route[k], route[k + 1]);
		b.setLine();
		drawn.push(b);
	}
	if (puzzle.check(true).complete) {
		const mask = new Array(N).fill(0);
		for (let k = 0; k + 1 < route.length; k++) {
			const [x, y] = [route[k], route[k + 1]];
			const d = y === x - C ? [1, 4] : y === x + C ? [4, 1] : y === x + 1 ? [2, 8] : [8, 2];
			mask[x] |= d[0];
			mask[y] |= d[1];
		}
		const rows = [];
		for (let r = 0; r < R; r++) rows.push(mask.slice(r * C, (r + 1) * C).map((m) => GLYPHS[m]).join(" "));
		accepted.push(rows.join(" / "));
	}
	drawn.forEach((b) => b.removeLine());
}
function go() {
	const last = route[route.length - 1];
	if (last === B) return judge();
	for (const j of nbs(last)) {
		if (on[j]) continue;
		// j beside a cell of the path other than `last`: only the two ends may be so.
		if (nbs(j).some((k) => on[k] && k !== last && !(j === B && k === A))) continue;
		on[j] = true;
		route.push(j);
		go();
		route.pop();
		on[j] = false;
	}
}
go();
console.log(JSON.stringify({ url, candidates, accepted: accepted.length }));
accepted.forEach((a) => console.log(a));
