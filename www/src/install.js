// The Install button: shown where the browser offers to install the app (its `beforeinstallprompt` event, kept to
// be replayed on the click), hidden elsewhere and once the app is installed.
export function bindInstall(store, button) {
  let offer = null;
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault(); // no mini-infobar: the button asks
    offer = e;
    store.setInstallable(true);
  });
  window.addEventListener('appinstalled', () => {
    offer = null;
    store.setInstallable(false);
  });
  button.addEventListener('click', async () => {
    if (!offer) return;
    const e = offer;
    offer = null; // the prompt can be shown once
    store.setInstallable(false);
    await e.prompt();
  });
}
