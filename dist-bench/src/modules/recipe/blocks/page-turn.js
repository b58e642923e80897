const QUIET_MS = 3000;
const MUTATION_FLAG = '__crawlgateMutated';
/** Runs in the page before the click: flags any later change of the document. */
function watchMutations(flag) {
    const globals = window;
    globals[flag] = false;
    const observer = new MutationObserver(() => {
        globals[flag] = true;
    });
    observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
}
export function isDisabled(control) {
    return control.evaluate((element) => element.hasAttribute('disabled') || element.getAttribute('aria-disabled') === 'true');
}
async function click(control) {
    // A hidden control has no point to click; a DOM click still follows its link or runs its handler.
    if (await control.isVisible())
        await control.click();
    else
        await control.evaluate((element) => element.click());
}
function networkIdle(page, waitUntil, timeout, signal) {
    if (waitUntil !== 'networkidle0' && waitUntil !== 'networkidle2')
        return Promise.resolve();
    return page.waitForNetworkIdle({ idleTime: 500, concurrency: waitUntil === 'networkidle0' ? 0 : 2, timeout, signal });
}
/**
 * Clicks the control and waits for the next page: a navigation settled by `waitUntil`, or a DOM change
 * (followed by network idle in the networkidle modes, and by the navigation if one started meanwhile).
 */
export async function turnPage(page, control, waitUntil, timeout) {
    const abort = new AbortController();
    const { signal } = abort;
    let navigating = false;
    const onRequest = (request) => {
        if (request.isNavigationRequest() && request.frame() === page.mainFrame())
            navigating = true;
    };
    page.on('request', onRequest);
    try {
        await page.evaluate(watchMutations, MUTATION_FLAG);
        const navigation = page.waitForNavigation({ waitUntil, timeout, signal }).then(() => 'navigation');
        const mutation = page
            .waitForFunction((flag) => window[flag] === true, { polling: 100, timeout, signal }, MUTATION_FLAG)
            .then(() => 'mutation');
        const quiet = new Promise((resolve) => {
            const timer = setTimeout(() => (navigating ? undefined : resolve('none')), QUIET_MS);
            signal.addEventListener('abort', () => clearTimeout(timer));
        });
        // The losers are aborted in `finally`; their rejections are not errors.
        navigation.catch(() => undefined);
        mutation.catch(() => undefined);
        await click(control);
        const change = await Promise.race([navigation, mutation, quiet]);
        if (change === 'mutation') {
            await networkIdle(page, waitUntil, timeout, signal);
            if (navigating)
                await navigation;
        }
        return change;
    }
    finally {
        abort.abort();
        page.off('request', onRequest);
    }
}
