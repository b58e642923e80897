import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from '@jest/globals';
import { EventTarget as LinkedomEventTarget, Event as LinkedomEvent, Node as NodeFacade } from 'linkedom';
import { patchLinkedomEventTarget } from './linkedom-event-target.patch.js';
import { parseDocument } from './parse-document.js';

describe('patchLinkedomEventTarget', () => {
  it('builds linkedom nodes without a listener map (parse-document installs it)', () => {
    parseDocument('<p>x</p>');
    expect(Object.getPrototypeOf(Object.getPrototypeOf(NodeFacade))).not.toBe(LinkedomEventTarget);
    expect(() => patchLinkedomEventTarget()).not.toThrow();
    expect(parseDocument('<p>x</p>').querySelector('p')).toBeInstanceOf(LinkedomEventTarget);
  });

  it("leaves Node's new super constructor a fast object: a slow one keeps V8 from optimizing every node constructor", () => {
    parseDocument('<p>x</p>');
    // V8's own check; natives syntax applies to functions compiled after the flag is set.
    setFlagsFromString('--allow-natives-syntax');
    const hasFastProperties = new Function('object', 'return %HasFastProperties(object)') as (object: object) => boolean;
    expect(hasFastProperties(Object.getPrototypeOf(Object.getPrototypeOf(NodeFacade)) as object)).toBe(true);
  });

  it('keeps events working: listeners at the target, bubbling, once, removal, stopImmediatePropagation', () => {
    const document = parseDocument('<html><body><div id="outer"><p id="inner">x</p></div></body></html>');
    const outer = document.getElementById('outer')!;
    const inner = document.getElementById('inner')!;
    const seen: string[] = [];
    const removed = () => seen.push('removed');
    inner.addEventListener('ping', (event) => seen.push(`inner:${event.eventPhase}`), { once: true });
    inner.addEventListener('ping', removed);
    inner.removeEventListener('ping', removed);
    outer.addEventListener('ping', (event) => seen.push(`outer:${event.eventPhase}:${(event.target as Element).id}`));
    outer.addEventListener('ping', { handleEvent: () => seen.push('handler') });
    const event = () => new LinkedomEvent('ping', { bubbles: true }) as unknown as Event;
    expect(inner.dispatchEvent(event())).toBe(true);
    expect(inner.dispatchEvent(event())).toBe(true);
    expect(seen).toEqual(['inner:2', 'outer:3:inner', 'handler', 'outer:3:inner', 'handler']);

    const stopped: string[] = [];
    inner.addEventListener('stop', (e) => { stopped.push('first'); e.stopImmediatePropagation(); });
    inner.addEventListener('stop', () => stopped.push('second'));
    inner.dispatchEvent(new LinkedomEvent('stop', { bubbles: true }) as unknown as Event);
    expect(stopped).toEqual(['first']);
  });

  it('dispatches along a path as long as the tree is deep (200,000 ancestors), past what a call takes as arguments', () => {
    const document = parseDocument('<html><body></body></html>');
    let deepest: Element = document.body;
    for (let level = 0; level < 200_000; level++) deepest = deepest.appendChild(document.createElement('div'));
    const seen: string[] = [];
    document.body.addEventListener('ping', (event) => seen.push(`${event.eventPhase}:${(event.target as Element) === deepest}`));
    expect(deepest.dispatchEvent(new LinkedomEvent('ping', { bubbles: true }) as unknown as Event)).toBe(true);
    expect(seen).toEqual(['3:true']);
  });
});
