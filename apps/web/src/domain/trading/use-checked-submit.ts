import { useState } from 'react';

// The submit of the order dialogs: messages wait for the first press, which sends only a valid form.

/**
 * A dialog's checked submit: the first press shows the fields' messages (`shown` passes them on
 * from then on) and `send` runs only while nothing blocks it.
 */
export function useCheckedSubmit(isBlocked: boolean, send: () => void) {
  const [isSubmitted, setIsSubmitted] = useState(false);
  return {
    shown: (error: string | undefined) => (isSubmitted ? error : undefined),
    submit: () => {
      setIsSubmitted(true);
      if (!isBlocked) send();
    },
  };
}
