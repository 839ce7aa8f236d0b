// Builds clients/web/dist from clients/web/src: one bundled script (app.js,
// with @msgpack/msgpack inside; no CDN at runtime), index.html and style.css.
// dist/build.json records a SHA-256 of the sources, so a Python test can tell
// (without Node) that the committed dist was built from the committed sources.
//
//   cd clients/web && npm ci && npm run build      (or: make web)

import { createHash } from "node:crypto";
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const here = dirname(fileURLToPath(import.meta.url));
const src = join(here, "src");
const dist = join(here, "dist");

export function sourceDigest() {
  const hash = createHash("sha256");
  const files = readdirSync(src).sort();
  for (const name of [...files.map((f) => join("src", f)), "package-lock.json"]) {
    hash.update(name.replaceAll("\\", "/"));
    hash.update("\0");
    hash.update(readFileSync(join(here, name)));
    hash.update("\0");
  }
  return hash.digest("hex");
}

mkdirSync(dist, { recursive: true });
await build({
  entryPoints: [join(src, "main.js")],
  bundle: true,
  format: "iife",
  target: ["es2020"],
  outfile: join(dist, "app.js"),
  legalComments: "inline",
  charset: "utf8",
  logLevel: "warning",
});
copyFileSync(join(src, "index.html"), join(dist, "index.html"));
copyFileSync(join(src, "style.css"), join(dist, "style.css"));
writeFileSync(join(dist, "build.json"), `${JSON.stringify({ sources_sha256: sourceDigest() }, null, 1)}\n`);
console.log(`built ${dist}`);
