/** The text of a `<script id="…">` data block that `gamut report` embeds in report.html. */
export function embedded(html: string, id: string): string {
  const m = new RegExp(`<script type="[^"]+" id="${id}"[^>]*>([^<]*)</script>`).exec(html);
  if (!m) throw new Error(`no ${id} in the report`);
  return m[1] as string;
}
