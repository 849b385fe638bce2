/**
 * Builds a module-level schema. On the server this is the schema itself, built at once. The marker
 * tells the web's bundler that the call has no other effect, so a schema the browser never uses is
 * left out of its files and never built on a phone: building zod schemas at start-up cost a phone
 * about 300 ms of main thread (docs/decisions/053-answers-checked-in-development.md).
 */
/* @__NO_SIDE_EFFECTS__ */
export function defineSchema<T>(build: () => T): T {
  return build();
}
