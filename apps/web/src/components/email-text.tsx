import { Fragment } from 'react';

/**
 * An e-mail address that wraps on a narrow screen where a reader expects it (before its "@" and
 * its dots), never in the middle of a word. The break points copy as nothing.
 */
export function EmailText({ value }: { value: string }) {
  const parts = value.split(/(?=[@.])/);
  let offset = 0;
  return (
    <>
      {parts.map((part) => {
        const at = offset;
        offset += part.length;
        return (
          <Fragment key={at}>
            {at > 0 ? <wbr /> : null}
            {part}
          </Fragment>
        );
      })}
    </>
  );
}
