import { Fragment } from 'react';

/**
 * Text that a narrow screen may wrap only where `at` matches (a zero-width pattern such as
 * /(?=[@.])/), never in the middle of a word. The break points copy as nothing.
 */
export function BreakableText({ value, at }: { value: string; at: RegExp }) {
  const parts = value.split(at);
  let offset = 0;
  return (
    <>
      {parts.map((part) => {
        const start = offset;
        offset += part.length;
        return (
          <Fragment key={start}>
            {start > 0 ? <wbr /> : null}
            {part}
          </Fragment>
        );
      })}
    </>
  );
}

/** An e-mail address that wraps where a reader expects it: before its "@" and its dots. */
export function EmailText({ value }: { value: string }) {
  return <BreakableText value={value} at={/(?=[@.])/} />;
}
