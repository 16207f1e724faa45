// The repository explains itself: code and docs cite the product's own reference in docs/product,
// never documents that live outside the repository. Exits 1 naming each file that does.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

// Built from parts so this file does not match itself.
const OUTSIDE = ['SPEC', 'PRODUCT', 'CONFORMANCE', 'STYLE'].map((name) => `${name}.md`);
const files = execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8' }).split('\0').filter(Boolean);
const offenders = [];
for (const file of files) {
  if (file === 'package-lock.json' || /\.(png|jpe?g|webp|ico|woff2?|zip|y4m)$/i.test(file)) continue;
  const text = readFileSync(file, 'utf8');
  const named = OUTSIDE.filter((name) => text.includes(name));
  if (named.length > 0) offenders.push(`${file}: ${named.join(', ')}`);
}
if (offenders.length > 0) {
  console.error(
    `These files cite documents outside the repository (cite docs/product instead):\n${offenders.join('\n')}`,
  );
  process.exit(1);
}
console.log(`check-self-contained: ${files.length} files cite only the repository's own docs.`);
