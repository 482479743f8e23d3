import fc from 'fast-check';

/**
 * fast-check's `stringMatching` for a pattern, read once per pattern and size: reading one (fast-check
 * checks its built-in strings against every range of a class, and Unicode classes have hundreds)
 * took most of the contract fuzzing's time when each generated request read its patterns again. An
 * arbitrary holds no state, so one read serves every request: the values are the same.
 */
const byPattern = new Map<string, fc.Arbitrary<string>>();

export function patternArbitrary(pattern: RegExp, size?: fc.SizeForArbitrary): fc.Arbitrary<string> {
  const key = `${size ?? ''}/${pattern.flags}/${pattern.source}`;
  let arbitrary = byPattern.get(key);
  if (!arbitrary) {
    arbitrary = fc.stringMatching(pattern, size === undefined ? {} : { size });
    byPattern.set(key, arbitrary);
  }
  return arbitrary;
}
