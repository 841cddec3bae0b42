// mjml 5 ships no types; the one call the layout makes.
declare module 'mjml' {
  export default function mjml2html(
    input: string,
    options?: { validationLevel?: 'strict' | 'soft' | 'skip'; minify?: boolean },
  ): Promise<{ html: string; errors: { message: string }[] }>;
}
