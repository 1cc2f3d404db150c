// What an executable checklist compares, as pure functions (the browser test uses them too): the
// files a checklist of docs/ARCHITECTURE.md says to edit (its "Files:" line), and the repository
// files a checklist test replaced with vi.mock to do the documented steps in memory (read from the
// test's own source). A file the steps needed that the checklist does not name, or a file the
// checklist names that the steps did not need, is an error.

/** The section of the document under `### <title>`, up to the next heading. */
export function checklistSection(title: string, doc: string): string {
  const start = doc.indexOf(`### ${title}\n`);
  if (start < 0) throw new Error(`docs/ARCHITECTURE.md has no checklist "### ${title}"`);
  const rest = doc.slice(start + title.length + 5);
  const end = rest.search(/^#{2,3} /m);
  return end < 0 ? rest : rest.slice(0, end);
}

export interface ChecklistFiles {
  /** Existing files to edit, as written (`<vendor>` and the like stand for one name). */
  edit: string[];
  /** Files the steps create. */
  create: string[];
}

/**
 * The checklist's "Files:" line: each `path` in backticks, "(new)" after a file the steps
 * create. Only paths under src/ count: data, tests and generated files are named in the steps.
 */
export function checklistFiles(title: string, doc: string): ChecklistFiles {
  const line = checklistSection(title, doc)
    .split('\n')
    .find((l) => l.startsWith('Files:'));
  if (line === undefined) throw new Error(`checklist "${title}" has no "Files:" line`);
  const out: ChecklistFiles = { edit: [], create: [] };
  for (const m of line.matchAll(/`(src\/[^`]+)`( \(new\))?/g)) {
    (m[2] === undefined ? out.edit : out.create).push(m[1] as string);
  }
  return out;
}

/** Does `file` match a checklist path, where `<name>` stands for one file or folder name? */
export function matchesPath(pattern: string, file: string): boolean {
  const re = pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/<[a-z-]+>/g, '[A-Za-z0-9_-]+');
  return new RegExp(`^${re}$`).test(file);
}

/** The repository files (with .ts) that `source`, the test at `testPath`, replaces by vi.mock. */
export function mockedFiles(source: string, testPath: string): string[] {
  const base = new URL(testPath, 'file:///repo/');
  return [...source.matchAll(/vi\.mock\(\s*'([^']+)'/g)].map(
    (m) => `${new URL(m[1] as string, base).pathname.slice('/repo/'.length)}.ts`,
  );
}

/**
 * The files the test at `testPath` changed (its vi.mock calls), checked against the checklist
 * `title` of `doc`: every one named, and every existing file named was changed.
 */
export function compareFiles(
  title: string,
  doc: string,
  source: string,
  testPath: string,
): { changed: string[]; named: ChecklistFiles } {
  const named = checklistFiles(title, doc);
  const changed = mockedFiles(source, testPath);
  const unnamed = changed.filter((f) => !named.edit.some((p) => matchesPath(p, f)));
  const unneeded = named.edit.filter((p) => !changed.some((f) => matchesPath(p, f)));
  if (unnamed.length > 0 || unneeded.length > 0) {
    throw new Error(
      `checklist "${title}" in docs/ARCHITECTURE.md: ` +
        `${unnamed.length > 0 ? `the steps changed ${unnamed.join(', ')}, which it does not name; ` : ''}` +
        `${unneeded.length > 0 ? `it names ${unneeded.join(', ')}, which the steps did not need` : ''}`,
    );
  }
  return { changed, named };
}
