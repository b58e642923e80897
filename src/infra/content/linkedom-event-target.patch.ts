import { EventTarget as LinkedomEventTarget, Node as NodeFacade } from 'linkedom';
import { pushAll } from './large-arrays.js';

/**
 * linkedom's EventTarget constructor gives every node, as it is parsed, a `Map` of listeners in one module-wide
 * WeakMap. In a process that parses page after page (the bench, a content thread) that WeakMap grows by tens of
 * thousands of entries a page and is most of the parse time (78% in a profile of the WCXB dev split; the split's
 * p95 a page 106-111 ms with it, 52-57 ms without), and it more than doubles a page's DOM (27 MB -> 11 MB for 34,000 nodes).
 * No node of ours ever has a listener. Here nodes are built without it, and a target's map is made when its first
 * listener is added; the three methods are linkedom's own (event-target.js, 0.18), reading that lazily made map.
 */

type Listener = ((event: DispatchedEvent) => void) | { handleEvent(event: DispatchedEvent): void };
type Listeners = Map<string, Map<Listener, { once?: boolean } | boolean | undefined>>;

/** The fields of linkedom's Event that its dispatch reads and writes. */
interface DispatchedEvent {
  readonly type: string;
  readonly bubbles: boolean;
  readonly CAPTURING_PHASE: number;
  readonly AT_TARGET: number;
  readonly BUBBLING_PHASE: number;
  readonly NONE: number;
  readonly defaultPrevented: boolean;
  readonly cancelBubble: boolean;
  readonly _stopImmediatePropagationFlag: boolean;
  eventPhase: number;
  currentTarget?: EventTargetLike;
  target?: EventTargetLike;
  _path: Array<{ currentTarget: EventTargetLike; target: EventTargetLike }>;
}

interface EventTargetLike {
  dispatchEvent?: unknown;
  _getParent?: () => EventTargetLike | null;
}

const listenersOf = new WeakMap<object, Listeners>();
let patchedBase: object | null = null;

/**
 * Builds linkedom's nodes without a listener map. Throws when a linkedom upgrade changed the classes it patches: a
 * patch that silently does nothing would bring the cost back unseen (linkedom is pinned; see package.json).
 */
export function patchLinkedomEventTarget(): void {
  const nodeClass = Object.getPrototypeOf(NodeFacade) as object;
  if (patchedBase && Object.getPrototypeOf(nodeClass) === patchedBase) return;
  if (Object.getPrototypeOf(nodeClass) !== LinkedomEventTarget) throw new Error('linkedom assumption broken: its Node no longer extends EventTarget');
  for (const name of ['addEventListener', 'removeEventListener', 'dispatchEvent']) {
    if (!Object.hasOwn(LinkedomEventTarget.prototype, name)) throw new Error(`linkedom assumption broken: EventTarget has no own ${name}`);
  }
  patchedBase = nodeBase();
  Object.setPrototypeOf(nodeClass, patchedBase);
  Object.defineProperties(LinkedomEventTarget.prototype, {
    addEventListener: method(addEventListener),
    removeEventListener: method(removeEventListener),
    dispatchEvent: method(dispatchEvent),
  });
}

/**
 * A constructor that builds nothing, with EventTarget's prototype: nodes stay `instanceof EventTarget`.
 *
 * It is first made the superclass of a class of its own, and only then Node's: V8 turns an object that
 * `Object.setPrototypeOf` makes a prototype into a slow (dictionary-mode) object unless it is one already, and a
 * slow super constructor keeps every node class's constructor from being optimized (compilations abort on an
 * unstable map), which made each node 3-5 times as costly to build (a text node ~2 us instead of ~0.5 us). A class
 * `extends` sets its superclass up as a fast prototype for good. linkedom-event-target.patch.spec.ts checks it.
 */
function nodeBase(): object {
  function NodeBase(): void {}
  NodeBase.prototype = LinkedomEventTarget.prototype;
  class FastPrototype extends (NodeBase as unknown as new () => object) {}
  void FastPrototype;
  return NodeBase;
}

function method(value: (...args: never[]) => unknown): PropertyDescriptor {
  return { value, writable: true, configurable: true, enumerable: false };
}

function addEventListener(this: object, type: string, listener: Listener, options?: { once?: boolean } | boolean): void {
  let map = listenersOf.get(this);
  if (!map) listenersOf.set(this, (map = new Map()));
  if (!map.has(type)) map.set(type, new Map());
  map.get(type)!.set(listener, options);
}

function removeEventListener(this: object, type: string, listener: Listener): void {
  const map = listenersOf.get(this);
  const listeners = map?.get(type);
  if (listeners?.delete(listener) && listeners.size === 0) map!.delete(type);
}

function dispatchEvent(this: EventTargetLike, event: DispatchedEvent): boolean {
  event.eventPhase = event.CAPTURING_PHASE;
  pushAll(event._path, eventPath(this, event.bubbles));
  event._path.some((step) => invokeListeners(event, step.currentTarget, step.target));
  event._path = [];
  event.eventPhase = event.NONE;
  return !event.defaultPrevented;
}

/** The target, then (when the event bubbles) its ancestors up to the document's window. */
function eventPath(target: EventTargetLike, bubbles: boolean): DispatchedEvent['_path'] {
  const path: DispatchedEvent['_path'] = [];
  for (let node: EventTargetLike | null = target; node; node = bubbles && node._getParent ? node._getParent() : null) {
    if (node.dispatchEvent) path.push({ currentTarget: node, target });
  }
  return path;
}

function invokeListeners(event: DispatchedEvent, currentTarget: EventTargetLike, target: EventTargetLike): boolean {
  const listeners = listenersOf.get(currentTarget)?.get(event.type);
  if (!listeners) return false;
  event.eventPhase = currentTarget === target ? event.AT_TARGET : event.BUBBLING_PHASE;
  event.currentTarget = currentTarget;
  event.target = target;
  for (const [listener, options] of listeners) {
    if (typeof options === 'object' && options?.once) listeners.delete(listener);
    if (typeof listener === 'function') listener.call(event.target, event);
    else listener.handleEvent(event);
    if (event._stopImmediatePropagationFlag) break;
  }
  delete event.currentTarget;
  delete event.target;
  return event.cancelBubble;
}
