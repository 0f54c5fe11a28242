import type { Command } from '@commander-js/extra-typings';

export function registerSchema(program: Command): void {
  program
    .command('schema')
    .description('print the JSON Schema of a file format')
    .argument('[name]', 'format name; omit to list them')
    .action(async (name) => {
      const { FORMAT_NAMES, jsonSchemaOf, InputError } = await import('@gamut/core');
      if (!name) {
        process.stdout.write(`${FORMAT_NAMES.join('\n')}\n`);
        return;
      }
      const known = FORMAT_NAMES.find((f) => f === name);
      if (!known) {
        throw new InputError({
          rule: 'unknown-format',
          message: `unknown format "${name}"; known formats: ${FORMAT_NAMES.join(', ')}`,
        });
      }
      process.stdout.write(`${JSON.stringify(jsonSchemaOf(known), null, 2)}\n`);
    });
}
