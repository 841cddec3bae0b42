/** `contactEmail` → `contact_email`: a domain field's stored name. */
export function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}
