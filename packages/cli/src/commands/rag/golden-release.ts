import { userInfo } from 'node:os';
import { releaseGoldenFiles } from '@gamut/node';
import { releaseText } from '@gamut/wiki';

export interface ReleaseCliOptions {
  wiki: string;
  out: string;
  base?: string;
  by?: string;
  json?: true;
}

/** `gamut rag golden release`: the proposal frozen into new files (see releaseGoldenFiles), then said. */
export async function releaseGolden(proposalPath: string, o: ReleaseCliOptions): Promise<void> {
  const { release, files } = await releaseGoldenFiles(proposalPath, {
    wiki: o.wiki,
    out: o.out,
    ...(o.base !== undefined && { base: o.base }),
    who: o.by ?? userInfo().username,
    at: new Date().toISOString(),
  });
  process.stdout.write(o.json ? `${JSON.stringify({ ...release, files })}\n` : releaseText(release, files));
}
