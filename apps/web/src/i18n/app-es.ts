/** The signed-in screens' words in Spanish: every area's file (the build check keeps them complete). */
const parts = import.meta.glob<Record<string, string>>('./*/es.json', { eager: true, import: 'default' });
export default Object.assign({}, ...Object.values(parts)) as Record<string, string>;
