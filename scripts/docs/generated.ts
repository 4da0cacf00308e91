// What each doc's generated blocks hold now: doc → a function that rewrites them.
import { withBlock } from './blocks.ts';
import { analyzeElement, attributesReference, cssPropertiesReference, eventsReference, methodsReference, partsReference, slotsReference } from './element-reference.ts';
import { exportsReference } from './exports-reference.ts';
import { iconColoursReference } from './icon-colours.ts';
import { languagesReference } from './languages-reference.ts';
import { optionsReference } from './options-reference.ts';

export type Rewrite = (doc: string) => string;

export async function generatedBlocks(): Promise<Record<string, Rewrite>> {
  const element = await analyzeElement();
  return {
    'docs/api.md': (doc) => withBlock(doc, 'exports', exportsReference()),
    'docs/engine.md': (doc) => withBlock(doc, 'options', optionsReference()),
    'docs/element.md': (doc) =>
      withBlock(withBlock(withBlock(doc, 'attributes', attributesReference(element)), 'methods', methodsReference(element)), 'events', eventsReference(element)),
    'docs/styling-and-languages.md': (doc) =>
      withBlock(
        withBlock(
          withBlock(withBlock(withBlock(doc, 'parts', partsReference(element)), 'css-properties', cssPropertiesReference(element)), 'slots', slotsReference(element)),
          'languages',
          languagesReference(),
        ),
        'icon-colours',
        iconColoursReference(),
      ),
  };
}
