import { describe, expect, it } from 'vitest';
import { readGoldenFiles } from '#tests/support/golden.js';
import {
  detectLanguage,
  languageName,
  spokenLanguage,
  tidiedNote,
  tidyTranscript,
} from './language.js';

describe('detectLanguage', () => {
  it('names French, Spanish, German, Italian, Portuguese and Dutch speech', () => {
    expect(
      detectLanguage('euh il faut que je rappelle le plombier pour la fuite dans la cuisine'),
    ).toBe('fr');
    expect(detectLanguage('tengo que llamar al fontanero por la fuga de la cocina')).toBe('es');
    expect(
      detectLanguage('ich muss den Klempner wegen der Küche anrufen und die Miete zahlen'),
    ).toBe('de');
    expect(detectLanguage('devo chiamare il idraulico per la perdita nella cucina')).toBe('it');
    expect(detectLanguage('eu tenho que ligar para o encanador por causa da cozinha')).toBe('pt');
    expect(detectLanguage('ik moet de loodgieter bellen voor het lek in de keuken')).toBe('nl');
  });

  it('takes English, short text and anything doubtful as English', () => {
    expect(detectLanguage('I need to call the plumber about the leak in the kitchen')).toBe('en');
    expect(detectLanguage('la la la')).toBe('en');
    expect(detectLanguage('')).toBe('en');
    expect(detectLanguage('Kubernetes Docker Terraform Ansible')).toBe('en');
  });

  it('takes no English entry of the golden corpus for another language, and finds its two that are not', () => {
    const taken = readGoldenFiles()
      .flatMap((file) => file.entries)
      .filter((entry) => detectLanguage(entry.input) !== 'en')
      .map((entry) => `${entry.id}: ${detectLanguage(entry.input)}`);
    expect(taken).toEqual(['accents-french: fr', 'accents-spanish: es']);
  });
});

describe('spokenLanguage', () => {
  it('believes the given language over the words', () => {
    expect(spokenLanguage('I need to call the plumber today', 'fr')).toBe('fr');
    expect(spokenLanguage('il faut que je rappelle le plombier pour la fuite', 'en')).toBe('en');
    expect(spokenLanguage('il faut que je rappelle le plombier pour la fuite')).toBe('fr');
  });
});

describe('tidyTranscript', () => {
  it("removes the language's fillers, begins sentences with a capital and ends with a full stop", () => {
    expect(tidyTranscript('euh il faut acheter du pain. ben, et du lait euh', 'fr')).toBe(
      'Il faut acheter du pain. Et du lait.',
    );
    expect(tidyTranscript('äh wir müssen ähm die Miete zahlen', 'de')).toBe(
      'Wir müssen die Miete zahlen.',
    );
    expect(tidyTranscript('este, tengo que llamar a mamá', 'es')).toBe('Tengo que llamar a mamá.');
  });

  it('keeps a filler word that is meant: "este libro", "Ben" as a name mid-sentence', () => {
    expect(tidyTranscript('quiero leer este libro', 'es')).toBe('Quiero leer este libro.');
    expect(tidyTranscript('appeler ben demain', 'fr')).toBe('Appeler ben demain.');
  });

  it('never restructures: no list, no labels, every word kept in order', () => {
    const said =
      'liste de courses acheter du pain acheter du lait et appeler le plombier pour la fuite';
    expect(tidyTranscript(said, 'fr')).toBe(
      'Liste de courses acheter du pain acheter du lait et appeler le plombier pour la fuite.',
    );
  });

  it('keeps end punctuation that is there, and text of nothing but fillers', () => {
    expect(tidyTranscript('on y va ?', 'fr')).toBe('On y va?');
    expect(tidyTranscript('c’est génial!', 'fr')).toBe('C’est génial!');
    expect(tidyTranscript('euh', 'fr')).toBe('Euh.');
    expect(tidyTranscript('   ', 'fr')).toBe('');
  });

  it('tidies a language it knows no fillers of', () => {
    expect(tidyTranscript('これはテストです', 'ja')).toBe('これはテストです.');
    expect(tidyTranscript('to jest test', 'xx')).toBe('To jest test.');
  });
});

describe('the note', () => {
  it('names the language in English', () => {
    expect(languageName('fr')).toBe('French');
    expect(tidiedNote('fr')).toBe('Written in French: tidied, not restructured.');
    expect(tidiedNote('de')).toBe('Written in German: tidied, not restructured.');
  });
});
