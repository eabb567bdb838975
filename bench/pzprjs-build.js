// Builds dist/js/pzpr.js (and dist/js/pzpr-variety/) of a robx/pzprjs checkout the way its Gruntfile's `concat:pzpr`
// does (the files of src/pzpr.js joined, `<%= … %>` templates filled), without grunt.
// Usage: node bench/pzprjs-build.js PZPRJS_DIR   (after `npm install` there, for pzpr-canvas)
"use strict";
const fs = require("fs");
const path = require("path");
const dir = path.resolve(process.argv[2]);
const read = (f) => fs.readFileSync(path.join(dir, f), "utf-8");
const ctx = {
	pkg: JSON.parse(read("package.json")),
	git: { hash: "snakesat-bench" },
	langs: {
		failcode_en: JSON.parse(read("src/res/failcode.en.json")),
		failcode_ja: JSON.parse(read("src/res/failcode.ja.json"))
	},
	grunt: { template: { today: () => "2026" } }
};
const fill = (text) =>
	text.replace(/<%=([\s\S]*?)%>/g, (_, expr) =>
		String(new Function(...Object.keys(ctx), "return (" + expr + ");")(...Object.values(ctx)))
	);
const files = require(path.join(dir, "src/pzpr.js")).files;
const out = files.map((f) => fill(read(f))).join("\n");
fs.mkdirSync(path.join(dir, "dist/js"), { recursive: true });
fs.writeFileSync(path.join(dir, "dist/js/pzpr.js"), out);
// The genres' scripts, loaded on demand (`uglify:variety` minifies them; a copy reads the same).
fs.mkdirSync(path.join(dir, "dist/js/pzpr-variety"), { recursive: true });
for (const f of fs.readdirSync(path.join(dir, "src/variety"))) {
	fs.copyFileSync(path.join(dir, "src/variety", f), path.join(dir, "dist/js/pzpr-variety", f));
}
console.error("wrote " + path.join(dir, "dist/js/pzpr.js"));
