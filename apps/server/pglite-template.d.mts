/** The folder name of the initialised embedded database the build makes for the installed PGlite. */
export function pgliteTemplateName(): string;
