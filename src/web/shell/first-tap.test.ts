// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FIRST_SCREEN } from './first-screen';
import { keepFirstScreenTap, takeFirstScreenTap } from './first-tap';

/** The build-time home (inert) with its record button drawn at x 150-230, y 700-780. */
function drawFirstScreen() {
  document.body.innerHTML = `<div id="root"><div id="${FIRST_SCREEN.appId}" inert>
    <button type="button" data-testid="record-button" aria-label="Start voice recording"></button>
  </div></div>`;
  const button = document.querySelector<HTMLElement>(FIRST_SCREEN.recordButtonSelector);
  if (!button) throw new Error('no record button drawn');
  button.getBoundingClientRect = () => new DOMRect(150, 700, 80, 80);
}

/** A tap at (x, y): an inert button is no event's target, so the click reaches the document. */
function tapAt(x: number, y: number) {
  document.body.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: x, clientY: y }));
}

const tapped = () => document.documentElement.classList.contains(FIRST_SCREEN.recordTappedClass);

describe('a tap on the first screen before the app takes over', () => {
  beforeEach(drawFirstScreen);
  afterEach(() => {
    document.documentElement.classList.remove(FIRST_SCREEN.recordTappedClass);
    document.body.innerHTML = '';
  });

  it('on the record button shows it pressed and is kept for the app, once', () => {
    keepFirstScreenTap();
    tapAt(190, 740);
    expect(tapped()).toBe(true);
    expect(takeFirstScreenTap()).toBe(true);
    expect(tapped()).toBe(false);
    expect(takeFirstScreenTap()).toBe(false);
  });

  it('anywhere else on the screen is not taken for a recording', () => {
    keepFirstScreenTap();
    tapAt(20, 740);
    tapAt(190, 600);
    expect(tapped()).toBe(false);
    expect(takeFirstScreenTap()).toBe(false);
  });

  it('once the app has replaced the first screen is left to the app', () => {
    keepFirstScreenTap();
    document.getElementById(FIRST_SCREEN.appId)?.remove();
    tapAt(190, 740);
    expect(tapped()).toBe(false);
  });

  it('is kept only for the first tap: a second one after the app took it starts nothing', () => {
    keepFirstScreenTap();
    tapAt(190, 740);
    expect(takeFirstScreenTap()).toBe(true);
    tapAt(190, 740);
    expect(takeFirstScreenTap()).toBe(false);
  });
});
