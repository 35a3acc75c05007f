// Text a user searches for, as a SQL LIKE pattern that matches it literally.

/** `%q%` with the pattern characters of `q` escaped. */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `q%` in lower case with the pattern characters of `q` escaped. */
export function lowerPrefixPattern(q: string): string {
  return `${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
