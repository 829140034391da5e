#!/usr/bin/env bash
# Copies each document of documents.tsv (and, for a document in several files, its folder) out of local
# git snapshots of the repositories into $CORPUS/<name>/, at the repository's paths and the listed commit.
# usage: extract.sh MIRRORS   (MIRRORS/<owner>+<name>/repo is a bare git directory of each repository)
# CORPUS_LIST names another list of the same columns (Benchmarks/corpus/openapi-generator-tests.tsv).
set -euo pipefail
mirrors=${1:?usage: extract.sh MIRRORS}
corpus=${CORPUS:-/work/corpus}
here=$(cd "$(dirname "$0")" && pwd)
grep -v '^#' "${CORPUS_LIST:-$here/documents.tsv}" | while IFS=$'\t' read -r name repo commit path folder licence; do
  git_dir="$mirrors/${repo/\//+}/repo"
  if [ ! -d "$git_dir" ]; then echo "extract: $name: no snapshot of $repo; skipped"; continue; fi
  rm -rf "${corpus:?}/$name" && mkdir -p "$corpus/$name"
  if [ "$folder" = - ]; then
    mkdir -p "$corpus/$name/$(dirname "$path")"
    git --git-dir="$git_dir" show "$commit:$path" >"$corpus/$name/$path"
  else
    git --git-dir="$git_dir" archive "$commit" "$path" "$folder" | tar -x -C "$corpus/$name"
  fi
  echo "extract: $name"
done
