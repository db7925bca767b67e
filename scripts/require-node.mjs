// Refuses to run on a Node.js older than the project's runtime, with one clear line.
// better-sqlite3 13 is a Node-API 10 addon: on Node 20 it crashes at load instead of failing cleanly.
const required = 24;
const major = Number(process.versions.node.split(".")[0]);
if (major < required) {
  console.error(
    `This project runs on Node.js ${required}+, but this is ${process.version}. ` +
      "Run it through `npm run …`/`npx …` after `npm ci` (they use the Node 24 from node_modules/.bin).",
  );
  process.exit(1);
}
