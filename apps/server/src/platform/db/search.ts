/** A search box's text as a LIKE pattern that finds it anywhere: `%` and `_` typed are letters, not wildcards. */
export const likeText = (text: string): string => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Whether a search text is an id (compared to id columns only then: a uuid column refuses other text). */
export const isUuid = (text: string): boolean => UUID.test(text);
