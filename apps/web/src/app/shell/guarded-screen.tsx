import { Navigate } from 'react-router';
import { lazyPage } from '../../lib/lazy-page';
import { useSession } from '../../lib/session';
import { groupTarget, routeAllowed } from '../route-rules';
import type { RouteDef } from '../routes';

// The 403 and 404 pages (antd Result with its illustrations, about 10 KB gzip) load when shown, not with the
// shell; the screens' own Suspense covers them.
const ForbiddenPage = lazyPage<object>(() =>
  import('../pages/result-page').then((m) => ({ default: m.ForbiddenPage })),
);
const NotFoundPage = lazyPage<object>(() => import('../pages/result-page').then((m) => ({ default: m.NotFoundPage })));

/** A screen of the route table, shown only if the generated routes (the user's menus) include it. */
export function GuardedScreen({ route }: { route: RouteDef }) {
  const user = useSession((s) => s.user);
  const routes = useSession((s) => s.routes);
  if (user && (!routeAllowed(route, routes) || (route.platformOperator && !user.platformOperator)))
    return <ForbiddenPage />;
  const Page = route.page;
  return Page ? <Page /> : <NotFoundPage />;
}

/** `/oa` and the like: on to the group's first screen the user has. */
export function GroupRedirect({ route }: { route: RouteDef }) {
  const routes = useSession((s) => s.routes);
  const target = groupTarget(route, routes);
  return target ? <Navigate to={target} replace /> : <NotFoundPage />;
}
