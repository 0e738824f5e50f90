from django.urls import path

from scoring import table_views, views

urlpatterns = [
    path("", views.home, name="home"),
    path("clubs/<slug:slug>/", views.club, name="club"),
    path("clubs/<slug:slug>/settings/", views.club_settings, name="club_settings"),
    path("clubs/<slug:slug>/players/", views.players, name="players"),
    path("clubs/<slug:slug>/players/add/", views.player_add, name="player_add"),
    path("clubs/<slug:slug>/players/<int:pk>/edit/", views.player_edit, name="player_edit"),
    path("clubs/<slug:slug>/players/<int:pk>/deactivate/", views.player_deactivate, name="player_deactivate"),
    path("clubs/<slug:slug>/members/", views.memberships, name="memberships"),
    path("clubs/<slug:slug>/members/<int:pk>/role/", views.membership_role, name="membership_role"),
    path("clubs/<slug:slug>/members/<int:pk>/remove/", views.membership_remove, name="membership_remove"),
    path("clubs/<slug:slug>/sittings/", views.sittings, name="sittings"),
    path("clubs/<slug:slug>/sittings/new/", table_views.sitting_new, name="sitting_new"),
    path("clubs/<slug:slug>/sittings/<int:pk>/", views.sitting, name="sitting"),
    path("clubs/<slug:slug>/sittings/<int:pk>/close/", table_views.sitting_close, name="sitting_close"),
    path("clubs/<slug:slug>/sittings/<int:pk>/deals/new/", table_views.deal_new, name="deal_new"),
    path("clubs/<slug:slug>/sittings/<int:pk>/deals/undo/", table_views.deal_undo, name="deal_undo"),
    path(
        "clubs/<slug:slug>/sittings/<int:pk>/deals/<int:number>/correct/",
        table_views.deal_correct,
        name="deal_correct",
    ),
    path("clubs/<slug:slug>/sittings/<int:pk>/deals/<int:number>/", views.deal, name="deal"),
    path(
        "clubs/<slug:slug>/sittings/<int:pk>/scores.json",
        views.sitting_scores_json,
        name="sitting_scores_json",
    ),
]
