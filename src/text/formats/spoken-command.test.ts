import { describe, expect, it } from 'vitest';
import { formatWithRules } from './format-with-rules.js';
import { inferFormatAndCategory } from '../infer.js';
import { saysPrefixCommand, spokenContent } from '../detect/commands.js';
import { detectFormatAndCategory } from '../detect/detection.js';

describe('a spoken command is an instruction, not the idea', () => {
  it('finds the spec voice command with the category before the format word', () => {
    const found = detectFormatAndCategory('Turn this into a creative pitch. A photo walk');
    expect(found).toMatchObject({
      detectedFormat: 'pitch',
      detectedCategory: 'creative',
      matchedText: 'Turn this into a creative pitch',
    });
    expect(detectFormatAndCategory('can you make this a personal tweet').detectedCategory).toBe(
      'personal',
    );
  });

  it('takes a format word as a prefix only with a category word, a colon or a dash after it', () => {
    expect(saysPrefixCommand('tweet creative the sky tonight')).toMatchObject({
      format: 'tweet',
      category: 'creative',
    });
    expect(saysPrefixCommand('Tweet: lunch with the client')?.format).toBe('tweet');
    expect(saysPrefixCommand('Pitch idea. A lot of people stop the exercises')).toBeNull();
    expect(saysPrefixCommand('list for the weekly shop eggs milk')).toBeNull();
  });

  it('leaves the command out of what is formatted, and a command inside a clause alone', () => {
    expect(spokenContent('make this a tweet about work we just shipped it')).toBe(
      'we just shipped it',
    );
    expect(spokenContent('Buy milk, make this a checklist, then call mom')).toBe(
      'Buy milk, make this a checklist, then call mom',
    );
    expect(spokenContent('We shipped it. Turn this into a tweet.')).toBe('We shipped it.');
  });

  it('keeps the topic a checklist command names as the list title', () => {
    const list = formatWithRules(
      'create a checklist for my morning routine stretch for five minutes um drink a glass of water before coffee and check the weather',
      'checklist',
      'personal',
    );
    expect(list.split('\n')[0]).toBe('Morning routine');
    expect(list).toContain('- [ ] Stretch for five minutes');
    expect(list).not.toMatch(/checklist/iu);
  });

  it('writes a prefixed tweet without its prefix and infers what the prefix says', () => {
    const said = 'tweet creative the sky over the car park tonight was this ridiculous orange';
    expect(formatWithRules(said, 'tweet', 'creative')).toBe(
      'The sky over the car park tonight was this ridiculous orange.',
    );
    expect(inferFormatAndCategory(said)).toMatchObject({ format: 'tweet', category: 'creative' });
  });
});
