import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useWrite } from './use-write.ts';

/** A write after which (whether it worked or not) the answers under the given keys are loaded again. */
export function useReloadingMutation<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
  reload: readonly QueryKey[],
) {
  const queryClient = useQueryClient();
  return useWrite({
    mutationFn,
    onSettled: () => Promise.all(reload.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
