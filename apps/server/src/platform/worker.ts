/**
 * A long-running part of a singleton role (the price feed, the trigger engine, a chain watcher):
 * `start` resolves once it runs, to the function that stops it. Modules offer their workers; the
 * runtime starts them in the order of its lists and stops them in reverse.
 */
export interface Worker {
  name: string;
  start(): Promise<() => Promise<void>>;
}
