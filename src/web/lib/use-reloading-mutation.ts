import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/** A write after which (whether it worked or not) the answers under the given keys are loaded again. */
export function useReloadingMutation<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
  reload: readonly QueryKey[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => Promise.all(reload.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
