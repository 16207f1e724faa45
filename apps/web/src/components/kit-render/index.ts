import { unstableSetRender } from 'antd-mobile';
import { createRoot } from 'react-dom/client';
import { kitRoots } from './roots';

// antd-mobile 5 renders its imperative pieces (Dialog.alert, Toast.show) with ReactDOM.render,
// which React 19 removed: without this they fail silently. Imported for its effect by every module
// that uses those pieces, so it runs before their first use.
unstableSetRender((node, container) => {
  let root = kitRoots.get(container);
  if (!root) {
    root = createRoot(container);
    kitRoots.set(container, root);
  }
  root.render(node);
  return () => {
    kitRoots.delete(container);
    // Unmounting while React is still rendering the kit's own close animation would warn.
    return new Promise<void>((resolve) => {
      setTimeout(() => {
        root.unmount();
        resolve();
      }, 0);
    });
  };
});
