// The contracts of the calls the login page makes, loaded when a call is made: the page itself
// carries no validation code (the API client takes a schema or a function loading it).

/** The sign-in answer: `{token}`, whose type claim says what comes next. */
export const loadTokenData = async () => (await import('@td/contracts/auth')).ZTokenData;

/** A schema of the passkey contracts, by name. */
export const loadPasskeyContract =
  <TName extends 'ZPasskeyOptions' | 'ZSecondFactorMethods'>(name: TName) =>
  async () =>
    (await import('@td/contracts/passkeys'))[name];

/** The sign-in request's own checks (the server's schema), loaded as soon as someone starts typing. */
export const loadSigninRequest = async () => (await import('@td/contracts/auth')).ZSigninRequest;
