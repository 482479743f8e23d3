import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  type RouteObject,
  StaticRouterProvider,
} from 'react-router';
import { AppProviders } from './providers';
import { routes } from './router';

/**
 * The app's routes as the build renders them: without their loaders, which decide in the browser
 * where a visitor belongs (a signed-in one skips the login page) and have no visitor here.
 */
function withoutLoaders(table: RouteObject[]): RouteObject[] {
  return table.map(({ loader: _loader, ...route }) =>
    route.index ? route : { ...route, children: route.children && withoutLoaders(route.children) },
  ) as RouteObject[];
}

/**
 * A screen of the app as HTML, for the build to write into the page the server sends for its path:
 * a phone on a slow network sees the screen before the scripts have loaded, and the scripts then
 * take over the same elements (`hydrateRoot` in main.tsx). Drawn as a first visit draws it: in
 * English, in the default theme, signed out.
 */
export async function render(path: string): Promise<string> {
  const handler = createStaticHandler(withoutLoaders(routes));
  const context = await handler.query(new Request(new URL(path, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${path} answers with a redirect, not a screen`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <AppProviders>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
}
