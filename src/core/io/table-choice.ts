// Which table of a model file holding several (MCP data models and schema.json, NoSQL Workbench models) an
// import reads: the one named by --table, else the first, with a warning that names the others, so that a
// user who did not know the file held more learns how to import them.

/** The chosen table's position in `names`, or the message refusing a `requested` name the file lacks. */
export function chooseTable(
  names: string[],
  requested: string | undefined,
  warn: (message: string) => void,
): { index: number } | { message: string } {
  const index = requested === undefined ? 0 : names.indexOf(requested);
  if (index < 0)
    return { message: `the model has no table named "${requested}"; its tables: ${names.join(', ')}` };
  if (names.length > 1)
    warn(
      `the model holds ${names.length} tables (${names.join(', ')}); imported ${names[index]}. Import another by its name (keyplan import --table NAME)`,
    );
  return { index };
}
