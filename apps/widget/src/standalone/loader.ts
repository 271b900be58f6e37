// The loader: the one script a customer's page includes (widgetSnippet in the contracts). It must stay
// tiny (at most 5 KB gzip), so it is plain DOM: it fetches the channel's configuration, shows the
// launcher only when that succeeded (the page's origin is allowed, the channel active, the project
// deployed), and loads the chat bundle only when the visitor opens the widget (or the channel starts
// it opened).
import type { WebChannelConfig } from '@console/contracts';
import { LAUNCHER_ICON_PATH, launcherLabel, OPEN_BUTTON_COLOR_VAR } from '../launcher';
import { IMAGE_PROTOCOLS, safeUrl } from '../safe-url';
import launcherCss from '../styles/launcher.css?inline';
import { chatApi, MOUNT_GLOBAL, type Mount, type MountGlobal } from './protocol';

const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * The channel's configuration, or why the widget cannot answer on this page: then it stays hidden
 * rather than showing a launcher whose every answer would be an error.
 */
async function fetchConfig(origin: string, deploymentKey: string, channelKey: string): Promise<WebChannelConfig | string> {
  let response: Response;
  try {
    response = await fetch(`${chatApi(origin, deploymentKey)}/channel/${encodeURIComponent(channelKey)}`, { credentials: 'omit' });
  } catch {
    // The server refuses an origin it does not allow without CORS headers, which the browser reports as a failed request.
    return `${origin} could not be reached from this page: is ${location.origin} one of the deployment's Allowed Origins, and is it deployed?`;
  }
  if (!response.ok) {
    // A readable refusal (the origin is allowed): the channel is not an active web channel, or the deployment is not deployed.
    const detail = await response.json().then((body: { detail?: string }) => body.detail, () => undefined);
    return `${detail ?? 'The channel configuration could not be loaded.'} (${response.status})`;
  }
  return ((await response.json()) as { config: WebChannelConfig }).config;
}

let chatBundle: Promise<Mount> | undefined;
/** Loads the chat bundle once; a failed load may be tried again. */
function loadChat(url: string): Promise<Mount> {
  chatBundle ??= new Promise<Mount>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => {
      const mount = (window as MountGlobal)[MOUNT_GLOBAL];
      if (mount) resolve(mount);
      else reject(new Error('The chat bundle did not register'));
    };
    script.onerror = () => {
      chatBundle = undefined;
      script.remove();
      reject(new Error(`The chat bundle could not be loaded from ${url}`));
    };
    document.head.append(script);
  });
  return chatBundle;
}

function launcherButton(config: WebChannelConfig): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'launcher';
  button.setAttribute('aria-label', launcherLabel(config.concierge.name));
  button.setAttribute('aria-haspopup', 'dialog');
  const icon = safeUrl(config.logos.icon, IMAGE_PROTOCOLS);
  if (icon) {
    const image = document.createElement('img');
    image.src = icon;
    image.alt = '';
    button.append(image);
  } else {
    const svg = document.createElementNS(SVG_NS, 'svg');
    svg.setAttribute('class', 'launcher-icon');
    svg.setAttribute('viewBox', '0 0 24 24');
    svg.setAttribute('aria-hidden', 'true');
    const path = document.createElementNS(SVG_NS, 'path');
    path.setAttribute('d', LAUNCHER_ICON_PATH);
    svg.append(path);
    button.append(svg);
  }
  return button;
}

const bodyReady = (): Promise<void> =>
  document.body ? Promise.resolve() : new Promise((resolve) => document.addEventListener('DOMContentLoaded', () => resolve(), { once: true }));

async function start(script: HTMLScriptElement): Promise<void> {
  const { deploymentKey, channelKey } = script.dataset;
  if (!deploymentKey || !channelKey) {
    console.error('Assistant widget: the script tag needs data-deployment-key and data-channel-key.');
    return;
  }
  const origin = new URL(script.src).origin;
  const chatUrl = new URL(__CHAT_BUNDLE__, script.src).href;
  const config = await fetchConfig(origin, deploymentKey, channelKey);
  if (typeof config === 'string') {
    console.warn(`Assistant widget: not shown, it cannot answer here. ${config}`);
    return;
  }
  await bodyReady();

  const host = document.createElement('div');
  host.setAttribute('data-assistant-widget', '');
  const shadow = host.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = launcherCss;
  const wrapper = document.createElement('div');
  wrapper.className = 'aw';
  wrapper.lang = config.locale;
  wrapper.style.setProperty(OPEN_BUTTON_COLOR_VAR, config.window.openButtonColor);
  const button = launcherButton(config);
  wrapper.append(button);
  shadow.append(style, wrapper);

  const open = async (openedByVisitor: boolean) => {
    if (button.hasAttribute('aria-busy')) return;
    button.setAttribute('aria-busy', 'true');
    try {
      const mount = await loadChat(chatUrl);
      const container = document.createElement('div');
      host.replaceWith(container);
      mount({ origin, deploymentKey, config, container, openedByVisitor });
    } catch (error) {
      button.removeAttribute('aria-busy');
      console.error('Assistant widget:', error);
    }
  };
  // Pointing at or focusing the launcher starts the download, so the window opens the sooner.
  const preload = () => void loadChat(chatUrl).catch(() => undefined);
  button.addEventListener('pointerenter', preload, { once: true });
  button.addEventListener('focus', preload, { once: true });
  button.addEventListener('click', () => void open(true));

  document.body.append(host);
  if (config.window.startOpened) void open(false);
}

// Read while this script runs: document.currentScript is null afterwards.
const current = document.currentScript;
if (current instanceof HTMLScriptElement) void start(current);
