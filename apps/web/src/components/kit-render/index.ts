import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

// antd-mobile 5 renders its imperative pieces (Dialog.alert, Toast.show) with ReactDOM.render,
// which React 19 removed: without this they fail silently. Imported for its effect by every module
// that uses those pieces, so it runs before their first use.
const roots = new WeakMap<Element | DocumentFragment, Root>();

unstableSetRender((node, container) => {
  let root = roots.get(container);
  if (!root) {
    root = createRoot(container);
    roots.set(container, root);
  }
  root.render(node);
  return () => {
    roots.delete(container);
    // Unmounting while React is still rendering the kit's own close animation would warn.
    return new Promise<void>((resolve) => {
      setTimeout(() => {
        root.unmount();
        resolve();
      }, 0);
    });
  };
});
