// The messages the server can put in front of a user, read from its source: the success message
// of every answer (`ok('...')`), every refusal (`new AppError(code, '...')`, `badRequest('...')`, ...),
// every notification's text (`notify(user, kind, { message: '...' })`), a refusal kept as a property
// (`insufficientMessage`), the validation messages of the shared contracts (zod's `{ error }`/
// `{ message }` options, the second argument of its checks) and the `*_MESSAGE(S)`/`*_TEXT`
// constants and maps; and the web app's words for a call that failed without a message
// (`fallbackErrorMessage: '...'`), shown the same way. A template literal's `${...}` parts become `{1}`,
// `{2}`, ... so a translation can place them.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const SERVER = join(root, 'apps', 'server', 'src');
const CONTRACTS = join(root, 'packages', 'contracts', 'src');
const WEB = join(root, 'apps', 'web', 'src');

const REFUSALS = new Set([
  'ok',
  'badRequest',
  'unauthenticated',
  'forbidden',
  'notFound',
  'conflict',
  'AppError',
]);
const TEXT_FIELDS = new Set(['ZSafeText', 'ZPersonName', 'ZName', 'ZOpaqueToken']);
const MARKET_DAYS = new Set(['closed', 'fixed', 'early', 'earlyClose']);
const ZOD_CHECKS = new Set([
  'min',
  'max',
  'length',
  'regex',
  'refine',
  'email',
  'url',
  'int',
  'positive',
  'nonnegative',
  'gte',
  'lte',
  'gt',
  'lt',
  'startsWith',
  'endsWith',
  'includes',
  'nonempty',
  'multipleOf',
  'superRefine',
]);
// Said by the server to another program, never shown in the web app.
const SKIPPED_FILES = [/[\\/]chaos[\\/]/, /[\\/]testing[\\/]/, /\.test\.tsx?$/, /bench-entry\.ts$/];

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (/\.tsx?$/.test(name) && !SKIPPED_FILES.some((pattern) => pattern.test(path))) yield path;
  }
}

/** A message's text, or its template with `{1}`, `{2}`...; undefined when it is not written out. */
function textOf(node) {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isTemplateExpression(node)) {
    let text = node.head.text;
    node.templateSpans.forEach((span, index) => {
      text += `{${index + 1}}${span.literal.text}`;
    });
    return [text];
  }
  if (ts.isConditionalExpression(node)) return [...textOf(node.whenTrue), ...textOf(node.whenFalse)];
  if (ts.isParenthesizedExpression(node)) return textOf(node.expression);
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken)
    return [...textOf(node.left), ...textOf(node.right)];
  return [];
}

const calleeName = (node) =>
  ts.isIdentifier(node) ? node.text : ts.isPropertyAccessExpression(node) ? node.name.text : undefined;

const isSentence = (text) => /^[A-Z¿¡{]/.test(text) && /\s/.test(text.trim()) && /[a-z]/.test(text);

/** `kind`: 'server' and 'contract' as above; 'web': the web app's own fallbacks for a failed call. */
function collect(path, kind, messages) {
  const isContract = kind === 'contract';
  const isWeb = kind === 'web';
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  const add = (node) => {
    for (const text of textOf(node)) if (isSentence(text)) messages.add(text);
  };
  const visit = (node) => {
    if (!isWeb && (ts.isCallExpression(node) || ts.isNewExpression(node))) {
      const name = calleeName(node.expression);
      const args = node.arguments ?? [];
      if (name && REFUSALS.has(name)) args.forEach(add);
      // Why a market is closed, and the exchange holidays it names ('Closed for {1}', 'Good Friday').
      if (name && MARKET_DAYS.has(name) && args[0])
        for (const text of textOf(args[0])) if (/[A-Za-z]/.test(text)) messages.add(text);
      if (isContract && name && ZOD_CHECKS.has(name)) args.slice(1).forEach(add);
      // A field's label, as its messages place it: 'First name must be text', 'Enter your first name'.
      if (isContract && name && TEXT_FIELDS.has(name) && args[0] && ts.isStringLiteral(args[0]))
        messages.add(args[0].text).add(args[0].text.toLowerCase());
      if (name === 'notify')
        for (const arg of args)
          if (ts.isObjectLiteralExpression(arg))
            for (const property of arg.properties)
              if (ts.isPropertyAssignment(property) && property.name.getText(source) === 'message')
                add(property.initializer);
    }
    if (
      isContract &&
      ts.isPropertyAssignment(node) &&
      ['error', 'message'].includes(node.name.getText(source))
    )
      add(node.initializer);
    if (
      ts.isVariableDeclaration(node) &&
      node.initializer &&
      /_(MESSAGE|TEXT)S?$/.test(node.name.getText(source))
    ) {
      const value = ts.isAsExpression(node.initializer) ? node.initializer.expression : node.initializer;
      if (ts.isObjectLiteralExpression(value)) {
        // A map of words: every value, even a single word ('Buy') or one that opens with a part.
        for (const property of value.properties)
          if (ts.isPropertyAssignment(property))
            for (const text of textOf(property.initializer)) if (/[A-Za-z]/.test(text)) messages.add(text);
      } else {
        add(value);
      }
    }
    // A message made before it is sent (`const message = cond ? '...' : `...``).
    if (
      kind === 'server' &&
      ts.isVariableDeclaration(node) &&
      node.initializer &&
      node.name.getText(source) === 'message'
    )
      add(node.initializer);
    // A ledger movement's refusal (`insufficientMessage: '...'`) and the like.
    if (ts.isPropertyAssignment(node) && /[a-z]Message$/.test(node.name.getText(source)))
      add(node.initializer);
    ts.forEachChild(node, visit);
  };
  visit(source);
}

/** Every message, sorted. */
export function serverMessages() {
  const messages = new Set();
  for (const path of files(SERVER)) collect(path, 'server', messages);
  for (const path of files(CONTRACTS)) collect(path, 'contract', messages);
  for (const path of files(WEB)) collect(path, 'web', messages);
  return [...messages].sort();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const message of serverMessages()) console.log(message);
}
