"""The web service starts on an embedded database that it fills on first start."""

from __future__ import annotations


def test_front_page_lists_the_documents(client):
    page = client.get("/")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert "Reglamento maestro" in html and "Gobierno &amp; Prestigio" in html


def test_search_from_the_front_page(client):
    html = client.get("/?q=Gato por Liebre").get_data(as_text=True)
    assert "KF11-FAQ-01" in html


def test_health(client):
    assert client.get("/healthz").get_json() == {"ok": True, "entries": 670}
