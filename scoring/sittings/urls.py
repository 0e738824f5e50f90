"""The sittings' pages, under ``/clubs/<slug>/sittings/``; names ``sittings:…``."""

from django.urls import path

from scoring.sittings import views

app_name = "sittings"
urlpatterns = [
    path("", views.sitting_list, name="list"),
    path("<id:pk>/", views.detail, name="detail"),
    path("<id:pk>/deals/<id:number>/", views.deal, name="deal"),
    path("<id:pk>/scores.json", views.scores_json, name="scores_json"),
]
