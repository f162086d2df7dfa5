"""TOML files read through the cache of parsed tables (judge/core/tomlcache.py)."""

from __future__ import annotations

import os
import tomllib

import pytest

from judge.core import tomlcache


@pytest.fixture
def cache(tmp_path, monkeypatch):
    folder = tmp_path / "cache"
    monkeypatch.setenv("JUDGE_CACHE", str(folder))
    monkeypatch.setattr(tomlcache, "may_write", lambda: True)
    return folder


def test_a_file_is_parsed_once_and_read_again_from_the_cache(tmp_path, cache, monkeypatch):
    f = tmp_path / "s.toml"
    f.write_text('id = "X"\n[position]\nactive = "p1"\n', encoding="utf-8")
    assert tomlcache.load(f) == {"id": "X", "position": {"active": "p1"}}
    assert len(list(cache.rglob("*.bin"))) == 1
    monkeypatch.setattr(tomlcache.tomllib, "loads", lambda text: pytest.fail("parsed again"))
    assert tomlcache.load(f) == {"id": "X", "position": {"active": "p1"}}


def test_a_changed_file_is_parsed_again(tmp_path, cache):
    f = tmp_path / "s.toml"
    f.write_text('a = 1\n', encoding="utf-8")
    assert tomlcache.load(f) == {"a": 1}
    f.write_text('a = 22\n', encoding="utf-8")
    stat = f.stat()
    os.utime(f, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000))
    assert tomlcache.load(f) == {"a": 22}


def test_errors_are_those_of_the_file(tmp_path, cache):
    f = tmp_path / "bad.toml"
    f.write_text('a = \n', encoding="utf-8")
    with pytest.raises(tomllib.TOMLDecodeError):
        tomlcache.load(f)
    with pytest.raises(FileNotFoundError):
        tomlcache.load(tmp_path / "missing.toml")


def test_what_marshal_cannot_keep_and_a_folder_that_cannot_be_written_are_only_parsed(tmp_path, monkeypatch):
    monkeypatch.setattr(tomlcache, "may_write", lambda: True)
    blocked = tmp_path / "file-not-folder"
    blocked.write_text("", encoding="utf-8")
    monkeypatch.setenv("JUDGE_CACHE", str(blocked))
    f = tmp_path / "d.toml"
    f.write_text('when = 2024-05-01\n', encoding="utf-8")
    assert str(tomlcache.load(f)["when"]) == "2024-05-01"
    monkeypatch.setenv("JUDGE_CACHE", "off")
    assert str(tomlcache.load(f)["when"]) == "2024-05-01"


def test_the_toml_part_of_a_file_is_kept_with_the_whole_text_read_again(tmp_path, cache, monkeypatch):
    f = tmp_path / "e.md"
    f.write_text('+++\nid = "E-1"\n+++\n## Pregunta\n¿Sí?\n', encoding="utf-8")
    header = lambda text: text[4:text.find("\n+++\n", 4)]  # noqa: E731
    assert tomlcache.read(f, header) == ('+++\nid = "E-1"\n+++\n## Pregunta\n¿Sí?\n', {"id": "E-1"})
    monkeypatch.setattr(tomlcache.tomllib, "loads", lambda text: pytest.fail("parsed again"))
    text, table = tomlcache.read(f, header)
    assert table == {"id": "E-1"} and text.endswith("¿Sí?\n")
