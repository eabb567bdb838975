// pzprjs's own checker on snakesat's answers, any genre (bench/pzprjs_judge.py drives it):
// reads JSON lines from stdin, each {"url": …, "files": [pzprv3 file, …]}, and prints one
// JSON line each: the URL pzprjs writes back for the board it read, and for each file
// whether pzprjs calls it complete and its message.
// Usage: node bench/pzprjs-check.js PZPRJS_DIR < jobs.jsonl
"use strict";
const path = require("path");
const readline = require("readline");
const pzpr = require(path.resolve(process.argv[2], "dist/js/pzpr.js"));
const puzzle = new pzpr.Puzzle();
const rl = readline.createInterface({ input: process.stdin });
rl.on("line", (line) => {
	const job = JSON.parse(line);
	puzzle.open(job.url.replace(/^.*\?/, ""));
	const url = puzzle.getURL().replace(/^.*\?/, "");
	const checks = job.files.map((f) => {
		puzzle.open(f);
		const r = puzzle.check(true);
		return { complete: !!r.complete, text: String(r.text) };
	});
	console.log(JSON.stringify({ url, checks }));
});
