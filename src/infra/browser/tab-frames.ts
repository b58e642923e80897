import { CDPSessionEvent } from 'puppeteer';
import type { CDPSession, Page } from 'puppeteer';

/** A frame that committed a document. */
export interface CommittedFrame {
  readonly frameId: string;
  readonly url: string;
}

/**
 * A session of the tab: its page's (which dedicated workers' requests are paused on too), or an out-of-process frame's.
 */
export type SessionKind = 'page' | 'iframe';

/** Called with each session of the tab before its frame runs. */
export type SessionWatcher = (session: CDPSession, kind: SessionKind) => Promise<void>;

/** What navigation waits need of a tab: its own CDP session and the id of its main frame. */
export interface TabSession {
  readonly client: CDPSession;
  readonly mainFrameId: string;
}

interface FrameTree {
  readonly frame: { readonly id: string; readonly url: string; readonly parentId?: string };
  readonly childFrames?: readonly FrameTree[];
}

function flatten(tree: FrameTree): CommittedFrame[] {
  return [{ frameId: tree.frame.id, url: tree.frame.url }, ...(tree.childFrames ?? []).flatMap(flatten)];
}

/**
 * A tab's own CDP session (page.createCDPSession()) and the sessions of its out-of-process frames, attached by us:
 * frame ids and commits through the protocol's public surface, not puppeteer's internal session or Frame ids.
 */
export class TabFrames implements TabSession {
  private readonly children = new Set<CDPSession>();
  private mainId: string;

  private constructor(
    readonly client: CDPSession,
    mainFrameId: string,
    private readonly onCommit: (frame: CommittedFrame) => void,
    private readonly watch: SessionWatcher,
  ) {
    this.mainId = mainFrameId;
  }

  /**
   * `watch` is given every session of the tab, the page's first and then each out-of-process frame's as it attaches,
   * before the frame runs: the request guard intercepts there.
   */
  static async open(page: Page, onCommit: (frame: CommittedFrame) => void, watch: SessionWatcher): Promise<TabFrames> {
    const client = await page.createCDPSession();
    // No Network domain here: puppeteer's session has it, and a second one would send every network event twice.
    await Promise.all([client.send('Page.enable'), client.send('Page.setLifecycleEventsEnabled', { enabled: true })]);
    const { frameTree } = await client.send('Page.getFrameTree');
    const frames = new TabFrames(client, frameTree.frame.id, onCommit, watch);
    await watch(client, 'page');
    await frames.follow(client, true);
    return frames;
  }

  /** A cross-process navigation of the main frame can give it a new id; the latest is kept. */
  get mainFrameId(): string {
    return this.mainId;
  }

  /** Every frame open now, out-of-process ones included (a session that went away adds nothing). */
  async openFrames(): Promise<CommittedFrame[]> {
    const trees = await Promise.all(
      [this.client, ...this.children].map((session) =>
        session.send('Page.getFrameTree').then(({ frameTree }) => flatten(frameTree), () => []),
      ),
    );
    return trees.flat();
  }

  private async follow(session: CDPSession, isPage: boolean): Promise<void> {
    session.on('Page.frameNavigated', ({ frame }) => {
      if (isPage && !frame.parentId) this.mainId = frame.id;
      this.onCommit({ frameId: frame.id, url: frame.url });
    });
    session.on(CDPSessionEvent.SessionAttached, (child) => void this.adopt(child));
    session.on(CDPSessionEvent.SessionDetached, (child) => this.children.delete(child));
    // An out-of-process frame waits until we follow it, so none of its commits or requests goes unseen.
    await session.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: true, filter: [{ type: 'iframe' }] });
  }

  /**
   * Its requests are intercepted before it runs; then its commits and its own frames are followed. A frame whose
   * interception could not start is never resumed: it stays paused, its requests unsent, rather than run unguarded
   * (js=false, images, adblock and the job's end would not hold for it). Usually it went away meanwhile.
   */
  private async adopt(child: CDPSession): Promise<void> {
    this.children.add(child);
    try {
      await this.watch(child, 'iframe');
    } catch {
      return;
    }
    try {
      await child.send('Page.enable');
      await this.follow(child, false);
    } catch {
      // The frame went away while it was being followed: nothing of it is left to record.
    } finally {
      await child.send('Runtime.runIfWaitingForDebugger').catch(() => undefined);
    }
  }
}
